import type { CarType } from "~/server/stock/vehicle";
import type { SortValue } from "~/server/tenants/schema";

// spec 000 §3 "Search facets", in the spec's order.
export const facetAttributes = [
  "status",
  "badge",
  "car_type",
  "categories",
  "city",
  "colour",
  "dealership_name",
  "filtered_features",
  "item_type",
  "km",
  "location_name",
  "make",
  "make_model",
  "model",
  "price",
  "price_range",
  "subscription_price",
  "seats",
  "body",
  "drive",
  "fuel",
  "transmission",
  "state",
  "tag",
  "weekly_price_range",
  "year",
] as const;
export type FacetAttribute = (typeof facetAttributes)[number];

// spec 000 §3 "Range facets".
export const rangeAttributes = ["price", "subscription_price", "km", "year"] as const;
export type RangeAttribute = (typeof rangeAttributes)[number];

/**
 * Refinable besides the spec's facets: dealership_slug (spec 000 §2's own URL example) and the
 * simple_* values the cards and menus show.
 */
export const extraRefinementAttributes = ["dealership_slug", "simple_body", "simple_fuel", "simple_transmission", "simple_drive"] as const;

/** car_type is kept apart in SearchState.carTypes because it decides the path ({type}-cars). */
export type RefinementAttribute = Exclude<FacetAttribute, "car_type"> | (typeof extraRefinementAttributes)[number];
export const refinementAttributes: readonly RefinementAttribute[] = [
  ...facetAttributes.filter((attribute): attribute is Exclude<FacetAttribute, "car_type"> => attribute !== "car_type"),
  ...extraRefinementAttributes,
];

/** Every attribute whose counts the results page asks for; dealership_slug is filter-only. */
export const requestedFacets: readonly string[] = [
  ...facetAttributes,
  ...extraRefinementAttributes.filter((attribute) => attribute !== "dealership_slug"),
];

/** Refinements on these hold numbers; they are written bare in filters. */
export const numericAttributes: ReadonlySet<string> = new Set(["km", "price", "subscription_price", "seats", "year"]);

export const carTypeOrder: readonly CarType[] = ["new", "used", "demo"];

export type Range = { min?: number; max?: number };
export type Refinements = Partial<Record<RefinementAttribute, string[]>>;
export type Ranges = Partial<Record<RangeAttribute, Range>>;

/** Preset search categories (spec 001 §2 7-seater-cars; spec 000 §2 default path examples); filters in paths.ts. */
export type Preset = "7-seater-cars" | "subscription-cars" | "trucks" | "rental-cars";

export type SearchState = {
  /** The canonical path of this state; derived, kept in step by the state transitions. */
  path: string;
  /** The site's all-stock listing path, used when no filter claims the path. */
  listingPath: string;
  /** Canonical order new, used, demo; all three means no car type filter and is stored as []. */
  carTypes: CarType[];
  preset: Preset | null;
  refinements: Refinements;
  ranges: Ranges;
  /** null: the site's default sort. */
  sort: SortValue | null;
  /** 1-based. */
  page: number;
  q: string;
};

// Bounds that keep hostile URLs cheap; ordinary use never reaches them.
export const limits = {
  valuesPerFacet: 50,
  refinementValues: 200,
  valueLength: 200,
  queryLength: 200,
  // Range bounds stay plain decimals (no exponent) so they write and read back unchanged.
  rangeBound: 1e15,
  // Past Meilisearch's maxTotalHits (100,000) / 21 no page can show hits.
  page: 5000,
} as const;

/** spec 000 §9: default search page size 21 (the results page). */
export const hitsPerPage = 21;

export function normalizeCarTypes(carTypes: Iterable<CarType>): CarType[] {
  const chosen = new Set(carTypes);
  if (chosen.size === carTypeOrder.length) return [];
  return carTypeOrder.filter((carType) => chosen.has(carType));
}

export function isCarType(value: string): value is CarType {
  return (carTypeOrder as readonly string[]).includes(value);
}

export function isRefinementAttribute(value: string): value is RefinementAttribute {
  return (refinementAttributes as readonly string[]).includes(value);
}

export function isRangeAttribute(value: string): value is RangeAttribute {
  return (rangeAttributes as readonly string[]).includes(value);
}
