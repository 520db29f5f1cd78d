import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { formatNumber } from "~/server/lib/format";
import { searchLanding } from "~/server/handlers/search/search-landing";
import { PriceRangeLanding } from "../components/search/price-range-landing";
import { TileGrid } from "../components/search/tile-grid";
import { titledMeta } from "../lib/page-meta";
import { SiteLink } from "~/app/components/site-link";

// Handler: server/handlers/search/search-landing.ts.
export const loader = (args: LoaderFunctionArgs) => searchLanding(args);

export const meta: MetaFunction<typeof loader> = ({ matches }) =>
  titledMeta(matches, "Search stock", (site) => `Search the stock of ${site.name} in ${site.city} by make, body type and price.`);

export default function SearchLanding() {
  const data = useLoaderData<typeof loader>();
  return (
    <div className="space-y-10">
      <header>
        <h1 className="text-3xl font-bold">Find your next {data.noun.one}</h1>
        <p className="mt-2">
          <SiteLink href={data.searchPath} className="font-semibold underline" data-testid="browse-all">
            Browse all {formatNumber(data.total, data.locale)} {data.total === 1 ? data.noun.one : data.noun.many}
          </SiteLink>
        </p>
      </header>
      <PriceRangeLanding price={data.price} noun={data.noun} locale={data.locale} />
      <TileGrid title="Shop by make" tiles={data.makes} testId="make-tiles" />
      <TileGrid title="Shop by body type" tiles={data.bodies} testId="body-tiles" />
      {data.facets.map((group) => (
        <TileGrid key={group.attribute} title={group.title} tiles={group.tiles} testId={`${group.attribute}-tiles`} />
      ))}
    </div>
  );
}
