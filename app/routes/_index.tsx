import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { homePage } from "~/server/handlers/content/home-page";
import { HomeLocations } from "../components/home/home-locations";
import { LandingSection, ProductCategories } from "../components/home/landing-section";
import { PromoCards } from "../components/home/promo-cards";
import { PromoSlider } from "../components/home/promo-slider";
import { ReviewsBlock } from "../components/home/reviews-block";
import { shareMeta } from "~/server/seo/share-meta";
import { localiseText } from "~/server/lib/spelling";
import { JsonLdScript } from "../components/seo/json-ld-script";
import { TileGrid } from "../components/search/tile-grid";
import { VehicleCard } from "../components/search/vehicle-card";
import { placeName } from "~/server/seo/page-title";
import { SiteLink } from "~/app/components/site-link";

export async function loader({ context }: LoaderFunctionArgs) {
  return json(await homePage(context));
}

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data) return [{ title: "Dealer" }];
  const title = `${data.name} | ${placeName(data.city, data.state)}`;
  const description = localiseText(`Browse stock, enquire and book a test drive with ${data.name} in ${data.city}.`, data.locale);
  return [{ title }, { name: "description", content: description }, ...shareMeta(data.share, { title, description, pathname: "/" })];
};

export default function Home() {
  const data = useLoaderData<typeof loader>();
  return (
    <div className="space-y-10" data-template={data.template}>
      <PromoSlider slides={data.slides} height={data.sliderHeight} />
      <section className="rounded-xl bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-3xl font-bold" data-testid="home-title">
          {data.name}
        </h1>
        <p className="mt-2 text-gray-700">
          {data.city}, {data.state}
        </p>
        <form method="get" action={data.searchPath} role="search" className="mt-6 flex max-w-xl flex-wrap gap-2" data-testid="home-search">
          <label htmlFor="home-q" className="sr-only">
            Search stock
          </label>
          <input
            id="home-q"
            name="q"
            type="search"
            placeholder="Make, model or keyword"
            className="min-w-0 flex-1 basis-48 rounded border border-gray-400 px-3 py-2"
          />
          <button type="submit" className="rounded bg-brand px-4 py-2 font-semibold text-brand-contrast">
            Search
          </button>
        </form>
        <p className="mt-4 flex flex-wrap gap-4">
          <SiteLink className="font-semibold underline" href={data.searchPath}>
            {data.words.browse}
          </SiteLink>
          <SiteLink className="font-semibold underline" href="/search">
            Shop by price, make or body type
          </SiteLink>
        </p>
      </section>
      {data.landing ? <LandingSection landing={data.landing} carsHref={data.searchPath} /> : null}
      <ProductCategories categories={data.categories} />
      {data.featured.length > 0 ? (
        <section aria-labelledby="featured-title" data-testid="featured-stock">
          <h2 id="featured-title" className="mb-3 text-xl font-bold">
            {data.words.featured}
          </h2>
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {data.featured.map((card) => (
              <VehicleCard key={card.id} card={card} eager={false} />
            ))}
          </div>
        </section>
      ) : null}
      <TileGrid title={data.words.makes} tiles={data.makes} testId="make-tiles" />
      <TileGrid title={data.words.bodies} tiles={data.bodies} testId="body-tiles" />
      <PromoCards promos={data.promos} title="Offers and services" />
      {data.reviews ? <ReviewsBlock reviews={data.reviews} /> : null}
      <HomeLocations locations={data.locations} />
      <JsonLdScript testId="dealer-json-ld" />
    </div>
  );
}
