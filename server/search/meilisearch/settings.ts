import type { Settings } from "meilisearch";
import type { Vehicle } from "~/server/stock/vehicle";
import { facetAttributes as specFacetAttributes } from "~/server/search/state";

/**
 * The one description of the search index. Meilisearch receives it as index settings;
 * the embedded engine reads the same lists so both backends accept and answer the same queries.
 */

// spec 000 §3 "Search facets" (state.ts holds the list once), plus the simple_* facets the cards and menus use.
export const facetAttributes = [
  ...specFacetAttributes,
  "simple_fuel",
  "simple_body",
  "simple_drive",
  "simple_transmission",
] as const satisfies readonly (keyof Vehicle)[];

/** Facets plus what the stock filter (spec 000 §4), vehicle lookup and preset links filter on. */
export const filterableAttributes = [
  ...facetAttributes,
  "show_on_dealer_website",
  "sold_date_timestamp",
  "slug",
  "dealership_slug",
  "photos_count",
  "id",
] as const satisfies readonly (keyof Vehicle)[];

// spec 000 §9 sort options: Latest, Highest/Lowest Price, Highest/Lowest Kms, Most Relevant (custom_rank).
export const sortableAttributes = [
  "price",
  "km",
  "year",
  "created_at_timestamp",
  "custom_rank",
  // Derived order keys (server/stock/listing-order.ts): for sale before sold, priced before unpriced.
  "sale_order",
  "price_order",
] as const satisfies readonly (keyof Vehicle)[];

/** Order matters: earlier attributes rank higher for the "attribute" ranking rule. */
export const searchableAttributes = [
  "make",
  "model",
  "badge",
  "series",
  "body",
  "colour",
  "stocknum",
] as const satisfies readonly (keyof Vehicle)[];

export type FilterableAttribute = (typeof filterableAttributes)[number];
export type SortableAttribute = (typeof sortableAttributes)[number];
export type SearchableAttribute = (typeof searchableAttributes)[number];

/** Meilisearch returns at most this many values per facet, in ascending value order. */
export const maxValuesPerFacet = 500;

/** Query words of this many letters or more may carry one typo. */
export const minWordSizeForOneTypo = 5;

export const indexSettings: Settings = {
  filterableAttributes: [...filterableAttributes],
  sortableAttributes: [...sortableAttributes],
  searchableAttributes: [...searchableAttributes],
  // The defaults, then the dealer's own ranking (spec 000 §9: otherwise custom_rank desc).
  rankingRules: ["words", "typo", "proximity", "attribute", "sort", "exactness", "custom_rank:desc"],
  faceting: { maxValuesPerFacet },
  pagination: { maxTotalHits: 100_000 },
  typoTolerance: { enabled: true, minWordSizeForTypos: { oneTypo: minWordSizeForOneTypo, twoTypos: 100 } },
};
