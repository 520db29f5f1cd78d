import { soldWindowMs } from "~/server/stock/is-listed";
import type { Tenant } from "~/server/tenants/load";
import { valueSpellings } from "./value-spellings";
import { odometerFilter } from "./odometer";
import { presets } from "./paths";
import { defaultSort } from "./sorts";
import { listingSort } from "~/server/stock/listing-order";
import {
  hitsPerPage,
  numericAttributes,
  rangeAttributes,
  refinementAttributes,
  requestedFacets,
  type RefinementAttribute,
  type SearchState,
} from "./state";
import type { SearchQuery } from "./types";

// Cards show plain text; the tags are set so any highlight that is asked for later is <mark>.
const highlight = (): Pick<SearchQuery, "attributesToHighlight" | "highlightPreTag" | "highlightPostTag"> => ({
  attributesToHighlight: [],
  highlightPreTag: "<mark>",
  highlightPostTag: "</mark>",
});

export function searchIndexUid(tenant: Tenant): string {
  return tenant.site.search.index ?? `vehicles_${tenant.slug}`;
}

function quoted(value: string): string {
  return `"${value.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;
}

function equals(attribute: string, value: string): string {
  return numericAttributes.has(attribute) ? `${attribute} = ${value}` : `${attribute} = ${quoted(value)}`;
}

/**
 * spec 000 §4 stock filter: in_stock or coming_soon, or sold within the last include_sold_cars_days
 * (3 days = 259200000 ms by default), and only when show_on_dealer_website is true.
 */
export function stockFilter(tenant: Tenant, now: number): Array<string | string[]> {
  const soldSince = now - soldWindowMs(tenant.site);
  return [[`status = "in_stock"`, `status = "coming_soon"`, `sold_date_timestamp >= ${soldSince}`], "show_on_dealer_website = true"];
}

/**
 * The refined facets, each of which gets its own count query (spec 000 §7), in a fixed order
 * shared with readSearchResults.
 */
export function disjunctiveFacetKeys(state: SearchState): string[] {
  const keys: string[] = state.carTypes.length > 0 ? ["car_type"] : [];
  for (const attribute of refinementAttributes) if (state.refinements[attribute]?.length) keys.push(attribute);
  for (const attribute of rangeAttributes) if (state.ranges[attribute] && !keys.includes(attribute)) keys.push(attribute);
  return keys;
}

function refinementFilter(attribute: RefinementAttribute, values: readonly string[]): string[] {
  const spellings = values.flatMap((value) => valueSpellings(attribute, value));
  return [...new Set(spellings)].map((value) => equals(attribute, value));
}

/** The filter of a state; `omit` leaves out one facet's own refinements and range (for its count query). */
export function searchFilter(state: SearchState, tenant: Tenant, now: number, omit?: string): Array<string | string[]> {
  const filter = [...stockFilter(tenant, now), ...(state.preset ? presets[state.preset].filter : [])];
  if (state.carTypes.length > 0 && omit !== "car_type") filter.push(state.carTypes.map((carType) => equals("car_type", carType)));
  for (const attribute of refinementAttributes) {
    const values = state.refinements[attribute];
    if (values?.length && attribute !== omit) filter.push(refinementFilter(attribute, values));
  }
  for (const attribute of rangeAttributes) {
    const range = state.ranges[attribute];
    if (!range || attribute === omit) continue;
    if (attribute === "km") {
      filter.push(...odometerFilter(range, tenant.site.distance_unit));
      continue;
    }
    if (range.min !== undefined) filter.push(`${attribute} >= ${range.min}`);
    if (range.max !== undefined) filter.push(`${attribute} <= ${range.max}`);
  }
  return filter;
}

/**
 * The multi-search request for a results page: the main query (`perPage` hits, 21 on the results
 * page, spec 000 §9), then one limit-1 query per refined facet without that facet's own filter, for its counts.
 */
export function buildSearchQueries(state: SearchState, tenant: Tenant, now: number, perPage = hitsPerPage): SearchQuery[] {
  const indexUid = searchIndexUid(tenant);
  const main: SearchQuery = {
    indexUid,
    q: state.q,
    filter: searchFilter(state, tenant, now),
    facets: [...requestedFacets],
    sort: listingSort(state.sort ?? defaultSort(tenant)),
    limit: perPage,
    // spec 000 §4: page n maps to offset n-1 (in pages).
    offset: (state.page - 1) * perPage,
    ...highlight(),
  };
  const counts = disjunctiveFacetKeys(state).map((key): SearchQuery => ({
    indexUid,
    q: state.q,
    filter: searchFilter(state, tenant, now, key),
    facets: [key],
    limit: 1,
    offset: 0,
    ...highlight(),
  }));
  return [main, ...counts];
}
