import type { Locale } from "~/server/lib/format";
import type { Logger } from "~/server/lib/logger";
import type { Tenant } from "~/server/tenants/load";
import { defaultSearchPath } from "./paths";
import { PRICE_SLIDER, priceRangeHref, priceSliderRange, type PriceRange } from "./price-slider";
import { runSearch } from "./run-search";
import type { SearchState } from "./state";
import { bodyTiles, makeTiles, otherFacetTileGroups, type Tile, type TileGroup } from "./tiles";
import { vehicleNoun } from "./titles";
import { emptySearchState, withSort } from "./transitions";
import type { SearchPage } from "./response";
import type { SearchBackend } from "./types";
import { parseSearchUrl, searchUrlSite, type SearchUrlSite } from "./url";

/** What the price slider needs to build its link and count for any range in the browser. */
export type PriceLanding = {
  range: PriceRange;
  count: number;
  /** The link for `range`, written on the server so the page works before JavaScript. */
  href: string;
  /** The results the link goes to, without a price range yet (spec 000 §2: sorted by price descending). */
  results: SearchState;
  site: SearchUrlSite;
};

export type LandingData = {
  makes: Tile[];
  bodies: Tile[];
  /** The site's other configured facets as tiles (spec 000 §2 "other facets"). */
  facets: TileGroup[];
  total: number;
  searchPath: string;
  price: PriceLanding;
  noun: { one: string; many: string };
  locale: Locale;
};

/**
 * spec 000 §2 price-range landing: the site's listing as a shopper first sees it (with its default
 * city refinement, spec 000 §2), sorted by price descending; the slider adds the range.
 */
export function priceResults(tenant: Tenant): SearchState {
  const listing = parseSearchUrl(new URL(emptySearchState(tenant).listingPath, "http://internal"), tenant);
  return withSort(listing.ok ? listing.state : emptySearchState(tenant), "price:desc", tenant);
}

/** The no-JS price form's answer: the results for the range it sent. */
export function priceFormTarget(tenant: Tenant, rawMin: string | null, rawMax: string | null): string {
  return priceRangeHref(priceResults(tenant), tenant, priceSliderRange(rawMin, rawMax));
}

async function countAt(href: string, tenant: Tenant, backend: SearchBackend, log: Logger): Promise<number> {
  // Only the total is read: one hit is enough.
  const outcome = await runSearch(new URL(href, "http://internal"), tenant, backend, log, Date.now(), 1);
  return outcome.kind === "ok" ? outcome.page.estimatedTotalHits : 0;
}

type LandingTiles = Pick<LandingData, "makes" | "bodies" | "facets">;

/**
 * The tiles of one result of the listing's search, by the identity of its make counts: the results
 * cache (server/search/cache.ts) hands out the same result objects until it drops them (new stock,
 * or its 30 s), so tiles built once stand for exactly those counts. Building every tile's link on each
 * view was 14 % of the home page's CPU in a profile.
 */
const tilesOfResult = new WeakMap<Record<string, number>, { tenant: Tenant; tiles: LandingTiles }>();

function landingTiles(page: SearchPage, from: SearchState, tenant: Tenant): LandingTiles {
  const makes = page.facetDistribution.make;
  const known = makes ? tilesOfResult.get(makes) : undefined;
  if (known && known.tenant === tenant) return known.tiles;
  const tiles: LandingTiles = {
    makes: makeTiles({ distribution: makes ?? {}, from }, tenant),
    bodies: bodyTiles({ distribution: page.facetDistribution.body ?? {}, from }, tenant),
    facets: otherFacetTileGroups(page.facetDistribution, from, tenant),
  };
  if (makes) tilesOfResult.set(makes, { tenant, tiles });
  return tiles;
}

/**
 * Make, body and other facet tiles with counts, and the price slider's starting count. Null when
 * search is down. Every tile links from the search its counts come from (the listing with its
 * default city), so the page it opens shows the same count.
 */
export async function landingData(tenant: Tenant, backend: SearchBackend, log: Logger): Promise<LandingData | null> {
  const listing = emptySearchState(tenant).listingPath;
  const all = await runSearch(new URL(listing, "http://internal"), tenant, backend, log, Date.now(), 1);
  if (all.kind !== "ok") return null;
  const range = { min: PRICE_SLIDER.min, max: PRICE_SLIDER.max };
  const results = priceResults(tenant);
  const site = searchUrlSite(tenant);
  const href = priceRangeHref(results, site, range);
  const searchPath = defaultSearchPath(tenant);
  // "Browse all {n}" links to the default path, which may be narrower than the listing (e.g. /search/used-cars).
  const total = searchPath === listing ? all.page.estimatedTotalHits : await countAt(searchPath, tenant, backend, log);
  return {
    ...landingTiles(all.page, all.state, tenant),
    total,
    searchPath,
    price: { range, count: await countAt(href, tenant, backend, log), href, results, site },
    noun: { one: vehicleNoun(tenant, 1), many: vehicleNoun(tenant, 2) },
    locale: tenant.site.locale,
  };
}
