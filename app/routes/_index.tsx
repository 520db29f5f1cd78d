import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { landingData } from "~/server/search/landing";
import { defaultSearchPath } from "~/server/tenants/default-search-path";
import { pageExtras } from "~/server/handlers/seo/page-extras";
import { shareMeta } from "~/server/seo/share-meta";
import { localiseText } from "~/server/lib/spelling";
import { JsonLdScript } from "../components/seo/json-ld-script";
import { TileGrid } from "../components/search/tile-grid";

export async function loader({ context }: LoaderFunctionArgs) {
  const { site } = context.tenant;
  // The home page still renders when search is down; it just has no tiles.
  const landing = await landingData(context.tenant, context.services.search.backendFor(context.tenant), context.log);
  return json({
    makes: landing?.makes ?? [],
    bodies: landing?.bodies ?? [],
    name: site.name,
    city: site.city,
    state: site.state,
    searchPath: defaultSearchPath(site),
    ...pageExtras(context),
  });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data) return [{ title: "Dealer" }];
  const title = `${data.name} | ${data.city}, ${data.state}`;
  const description = localiseText(`Browse stock, enquire and book a test drive with ${data.name} in ${data.city}.`, data.locale);
  return [{ title }, { name: "description", content: description }, ...shareMeta(data.share, { title, description, pathname: "/" })];
};

export default function Home() {
  const data = useLoaderData<typeof loader>();
  return (
    <div className="space-y-10">
      <section className="rounded-xl bg-white p-8 shadow-sm">
        <h1 className="text-3xl font-bold" data-testid="home-title">
          {data.name}
        </h1>
        <p className="mt-2 text-gray-700">
          {data.city}, {data.state}
        </p>
        <form method="get" action={data.searchPath} role="search" className="mt-6 flex max-w-xl gap-2" data-testid="home-search">
          <label htmlFor="home-q" className="sr-only">
            Search stock
          </label>
          <input
            id="home-q"
            name="q"
            type="search"
            placeholder="Make, model or keyword"
            className="flex-1 rounded border border-gray-400 px-3 py-2"
          />
          <button type="submit" className="rounded bg-brand px-4 py-2 font-semibold text-brand-contrast">
            Search
          </button>
        </form>
        <p className="mt-4 flex flex-wrap gap-4">
          <a className="font-semibold underline" href={data.searchPath}>
            Browse all stock
          </a>
          <a className="font-semibold underline" href="/search">
            Shop by price, make or body type
          </a>
        </p>
      </section>
      <TileGrid title="Shop by make" tiles={data.makes} testId="make-tiles" />
      <TileGrid title="Shop by body type" tiles={data.bodies} testId="body-tiles" />
      <JsonLdScript json={data.dealerJsonLd} testId="dealer-json-ld" />
    </div>
  );
}
