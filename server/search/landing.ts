import type { Logger } from "../lib/logger";
import type { Tenant } from "../tenants/load";
import { defaultSearchPath } from "./paths";
import { PRICE_SLIDER, type PriceRange } from "./price-slider";
import { runSearch } from "./run-search";
import { bodyTiles, makeTiles, type Tile } from "./tiles";
import { vehicleNoun } from "./titles";
import { emptySearchState, withRange, withSort } from "./transitions";
import { searchUrl } from "./url";

export type LandingData = {
  makes: Tile[];
  bodies: Tile[];
  total: number;
  searchPath: string;
  price: { range: PriceRange; count: number; href: string; apiPath: string };
  noun: { one: string; many: string };
};

/** spec 000 §2 price-range landing: the results in the range, sorted by price descending. */
export function priceRangeHref(tenant: Tenant, range: PriceRange): string {
  return searchUrl(withSort(withRange(emptySearchState(tenant), "price", range), "price:desc", tenant), tenant);
}

async function countAt(href: string, tenant: Tenant, log: Logger): Promise<number> {
  const outcome = await runSearch(new URL(href, "http://internal"), tenant, log);
  return outcome.kind === "ok" ? outcome.page.estimatedTotalHits : 0;
}

/** Make and body tiles with counts, and the price slider's starting count. Null when search is down. */
export async function landingData(tenant: Tenant, log: Logger): Promise<LandingData | null> {
  const listing = emptySearchState(tenant).listingPath;
  const all = await runSearch(new URL(listing, "http://internal"), tenant, log);
  if (all.kind !== "ok") return null;
  const range = { min: PRICE_SLIDER.min, max: PRICE_SLIDER.max };
  const href = priceRangeHref(tenant, range);
  const searchPath = defaultSearchPath(tenant);
  // "Browse all {n}" links to the default path, which may be narrower than the listing (e.g. /search/used-cars).
  const total = searchPath === listing ? all.page.estimatedTotalHits : await countAt(searchPath, tenant, log);
  return {
    makes: makeTiles(all.page.facetDistribution.make ?? {}, tenant),
    bodies: bodyTiles(all.page.facetDistribution.body ?? {}, tenant),
    total,
    searchPath,
    price: { range, count: await countAt(href, tenant, log), href, apiPath: `/api${listing}` },
    noun: { one: vehicleNoun(tenant, 1), many: vehicleNoun(tenant, 2) },
  };
}
