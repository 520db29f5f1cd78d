import { formatMoney, formatNumber } from "~/server/lib/format";
import { localiseText } from "~/server/lib/spelling";
import type { Tenant } from "~/server/tenants/load";
import { canonicalValue } from "./value-spellings";
import { bodyTypeLabel } from "~/server/stock/body-type";
import { carTypeLabel } from "~/server/stock/car-type";
import { shownOdometer } from "./odometer";
import type { SearchPage } from "./response";
import {
  isRangeAttribute,
  isRefinementAttribute,
  type Range,
  type RangeAttribute,
  type RefinementAttribute,
  type SearchState,
} from "./state";
import { withRange } from "./transitions";
import { searchLinkHref } from "./stored-suffix";
import { compareText } from "~/server/lib/text-order";

// spec 000 §9: menu limit 10, show-more 20.
export const menuLimit = 10;
export const menuShowMoreLimit = 20;

export type MenuConfig = { attribute: string; limit: number; showMoreLimit: number };
export type RangeConfig = { attribute: string; min: number | null; max: number | null };

/** spec 000 §5: the menu needs an attribute and its show-more limit must exceed its limit. */
export function assertMenuConfig(config: MenuConfig): void {
  if (!config.attribute) throw new Error("The `attribute` option is required.");
  if (!(config.showMoreLimit > config.limit)) throw new Error("The `showMoreLimit` option must be greater than `limit`.");
}

/** spec 000 §5: the range needs an attribute and max not below min. */
export function assertRangeConfig(config: RangeConfig): void {
  if (!config.attribute) throw new Error("The `attribute` option is required.");
  if (config.min !== null && config.max !== null && config.max < config.min) {
    throw new Error("The `max` option can't be lower than `min`.");
  }
}

type ListAttribute = RefinementAttribute | "car_type";
export type FacetAttributeChoice = ListAttribute | RangeAttribute;

/** Shown when the site's search_filters lists none of its own. */
export const defaultFacets: readonly FacetAttributeChoice[] = [
  "car_type",
  "make",
  "model",
  "simple_body",
  "price",
  "year",
  "km",
  "simple_fuel",
  "simple_transmission",
  "simple_drive",
  "colour",
  "seats",
  "location_name",
];

const labels: Record<string, string> = {
  status: "Status",
  badge: "Badge",
  car_type: "Type",
  categories: "Category",
  city: "City",
  colour: "Colour",
  dealership_name: "Dealership",
  dealership_slug: "Dealership",
  filtered_features: "Features",
  item_type: "Item type",
  location_name: "Location",
  make: "Make",
  make_model: "Make and model",
  model: "Model",
  price: "Price",
  price_range: "Price range",
  subscription_price: "Subscription price",
  seats: "Seats",
  body: "Body type",
  simple_body: "Body type",
  drive: "Drive",
  simple_drive: "Drive",
  fuel: "Fuel",
  simple_fuel: "Fuel",
  transmission: "Transmission",
  simple_transmission: "Transmission",
  state: "State",
  tag: "Tag",
  weekly_price_range: "Weekly price",
  year: "Year",
};

export function facetLabel(attribute: string, tenant: Tenant): string {
  if (attribute === "km") return tenant.site.distance_unit === "mi" ? "Miles" : "Kms";
  return localiseText(labels[attribute] ?? attribute, tenant.site.locale);
}

export function facetValueLabel(attribute: string, value: string): string {
  if (attribute === "car_type") return carTypeLabel(value);
  if (attribute === "body" || attribute === "simple_body") return bodyTypeLabel(value);
  return value;
}

/** A facet value as this site's shoppers read it ('Pickup' for ute on en-US sites). */
export function facetValueText(attribute: string, value: string, tenant: Tenant): string {
  return localiseText(facetValueLabel(attribute, value), tenant.site.locale);
}

/** The facets a site shows: its search_filters where they name facets, else the defaults. */
export function shownFacets(tenant: Tenant): FacetAttributeChoice[] {
  const configured = tenant.site.search_filters.filter(
    (attribute): attribute is FacetAttributeChoice =>
      attribute === "car_type" || isRefinementAttribute(attribute) || isRangeAttribute(attribute),
  );
  return configured.length > 0 ? [...new Set(configured)] : [...defaultFacets];
}

/** A range bound as the shopper typed it: money with $, the odometer with its unit, years bare. */
export function rangeBoundText(attribute: RangeAttribute, value: number, tenant: Tenant): string {
  const { locale, distance_unit } = tenant.site;
  if (attribute === "price" || attribute === "subscription_price") return formatMoney(value, locale);
  if (attribute === "km") return `${formatNumber(value, locale)} ${distance_unit}`;
  return String(value);
}

export type FacetCount = { value: string; count: number };

/** Count descending, then name; spellings of one make (spec 000 §9) or one body are one entry with one count. */
export function sortedFacetCounts(attribute: string, distribution: Record<string, number> = {}): readonly FacetCount[] {
  let byAttribute = sortedByDistribution.get(distribution);
  const known = byAttribute?.get(attribute);
  if (known) return known;
  const merged = new Map<string, number>();
  for (const [raw, count] of Object.entries(distribution)) {
    const value = canonicalValue(attribute, raw);
    merged.set(value, (merged.get(value) ?? 0) + count);
  }
  const sorted = Object.freeze(
    [...merged].map(([value, count]) => Object.freeze({ value, count })).sort((a, b) => b.count - a.count || compareText(a.value, b.value)),
  );
  if (!byAttribute) sortedByDistribution.set(distribution, (byAttribute = new Map()));
  byAttribute.set(attribute, sorted);
  return sorted;
}

/**
 * A search result's counts are the same objects for as long as the results cache keeps the result
 * (server/search/cache.ts), so each is merged and sorted once, not on every view of every page that
 * shows it (2.6 % of the search page's CPU in a profile). Frozen: every page that reads them shares them.
 */
const sortedByDistribution = new WeakMap<Record<string, number>, Map<string, readonly FacetCount[]>>();

/**
 * A checkbox of the filter form (the form's GET submission is the link, so no per-value href is built).
 * `label` only where the value reads differently ('SUV' for suv): most values are their own label.
 */
export type FacetValueView = { value: string; count: number; label?: string };

/** What a filter value's checkbox says. */
export function facetValueViewLabel(value: FacetValueView): string {
  return value.label ?? value.value;
}

/** The page's data carries only what the filter panel draws: ~100 values ride along with every results page. */
export type ListFacetView = {
  kind: "list";
  attribute: ListAttribute;
  label: string;
  /** Up to the show-more limit, plus any refined value beyond it; the first `limit` show before "show more". */
  values: FacetValueView[];
  limit: number;
  /** The values ticked. */
  refined: string[];
};

export type RangeFacetView = {
  kind: "range";
  attribute: RangeAttribute;
  label: string;
  current: Range;
  clearHref: string | null;
  /** The bounds of the stock matching every other filter as the shopper reads them ($184,990; 204,261 km),
   * shown as placeholders; empty when no vehicle has a value. */
  minText: string;
  maxText: string;
};

export type FacetView = ListFacetView | RangeFacetView;

function refinedValues(state: SearchState, attribute: ListAttribute): readonly string[] {
  return attribute === "car_type" ? state.carTypes : (state.refinements[attribute] ?? []);
}

function listFacet(attribute: ListAttribute, state: SearchState, page: SearchPage, tenant: Tenant): ListFacetView {
  const config = { attribute, limit: menuLimit, showMoreLimit: menuShowMoreLimit };
  assertMenuConfig(config);
  const refined = refinedValues(state, attribute);
  const counts = sortedFacetCounts(attribute, page.facetDistribution[attribute]);
  const shown = counts.slice(0, config.showMoreLimit);
  const missing = refined
    .filter((value) => !shown.some((entry) => entry.value === value))
    .map((value) => counts.find((entry) => entry.value === value) ?? { value, count: 0 });
  const values = [...shown, ...missing].map(({ value, count }): FacetValueView => {
    const label = facetValueText(attribute, value, tenant);
    return label === value ? { value, count } : { value, count, label };
  });
  return {
    kind: "list",
    attribute,
    label: facetLabel(attribute, tenant),
    values,
    limit: config.limit,
    refined: [...refined],
  };
}

function rangeFacet(attribute: RangeAttribute, state: SearchState, page: SearchPage, tenant: Tenant): RangeFacetView {
  const stats = page.facetStats[attribute];
  // Stock holds km; the shopper types and reads the odometer in the site's unit.
  const shown = (value: number | undefined) =>
    value === undefined ? null : attribute === "km" ? shownOdometer(value, tenant.site.distance_unit) : value;
  const config = { attribute, min: shown(stats?.min), max: shown(stats?.max) };
  assertRangeConfig(config);
  const current = state.ranges[attribute] ?? {};
  return {
    kind: "range",
    attribute,
    label: facetLabel(attribute, tenant),
    current,
    minText: config.min === null ? "" : rangeBoundText(attribute, config.min, tenant),
    maxText: config.max === null ? "" : rangeBoundText(attribute, config.max, tenant),
    clearHref: state.ranges[attribute] ? searchLinkHref(withRange(state, attribute, {}), tenant) : null,
  };
}

/** The results page's filters, each with links that work without JavaScript (spec 000 §2 search URL rules). */
export function facetViews(state: SearchState, page: SearchPage, tenant: Tenant): FacetView[] {
  return shownFacets(tenant).map((attribute) =>
    isRangeAttribute(attribute) ? rangeFacet(attribute, state, page, tenant) : listFacet(attribute, state, page, tenant),
  );
}
