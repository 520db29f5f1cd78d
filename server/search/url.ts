import type { CarType } from "~/server/stock/vehicle";
import type { Tenant } from "~/server/tenants/load";
import type { SortValue } from "~/server/tenants/schema";
import { canonicalValue } from "./value-spellings";
import { claimPath, resolveSearchPath, listingPath } from "./paths";
import { priceMenuRange } from "./price-menu";
import { allowedSort, defaultSort } from "./sorts";
import {
  isCarType,
  isRangeAttribute,
  isRefinementAttribute,
  limits,
  normalizeCarTypes,
  numericAttributes,
  type Range,
  type Ranges,
  type RefinementAttribute,
  type Refinements,
  type SearchState,
} from "./state";

// The writer lives apart so the browser can build search URLs without the site schema (zod).
export { searchUrl, searchUrlSite, type SearchUrlSite } from "./search-url";

export type SearchParseResult = { ok: true; state: SearchState } | { ok: false; status: 404; message: string };

export type ParseOptions = {
  /** Model names the caller knows (e.g. the stock summary); /search/{make}/{model} matches them by slug. */
  models?: readonly string[];
};

export const unknownSearchPathMessage = "Search page not found";

// A URL with more parameters than this is hostile; the rest are ignored.
const maxParams = 1000;

const refinementKey = /^refinementList\[([a-z_]+)\](?:\[(\d{0,4})\])?$/;
const menuKey = /^menu\[([a-z_]+)\]$/;
const rangeKey = /^range\[([a-z_]+)\]$/;
const rangeValue = /^(-?\d{1,15}(?:\.\d{1,6})?)?:(-?\d{1,15}(?:\.\d{1,6})?)?$/;
const numberValue = /^-?\d{1,15}(?:\.\d{1,6})?$/;
const pageValue = /^[1-9]\d*$/;

type Entry = { attribute: RefinementAttribute; value: string; order: number };

function cleanRefinement(attribute: RefinementAttribute, raw: string): string | null {
  const value = raw.trim();
  if (value === "" || value.length > limits.valueLength) return null;
  if (numericAttributes.has(attribute)) return numberValue.test(value) ? String(Number(value) + 0) : null;
  return canonicalValue(attribute, value);
}

function readRange(raw: string): Range | null {
  const match = rangeValue.exec(raw.trim());
  if (!match) return null;
  const bounds = [match[1], match[2]].map((text) => (text === undefined ? undefined : Number(text) + 0));
  const [low, high] = bounds[0] !== undefined && bounds[1] !== undefined && bounds[0] > bounds[1] ? [bounds[1], bounds[0]] : bounds;
  if (low === undefined && high === undefined) return null;
  return { ...(low === undefined ? {} : { min: low }), ...(high === undefined ? {} : { max: high }) };
}

function firstCodePoints(value: string, count: number): string {
  return Array.from(value).slice(0, count).join("");
}

/** Search URL → state (spec 000 §2, spec 001 §2). Nonsense in the query string is ignored, never thrown. */
export function parseSearchUrl(url: URL, tenant: Tenant, options: ParseOptions = {}): SearchParseResult {
  const meaning = resolveSearchPath(url.pathname, tenant, options.models);
  if (!meaning) return { ok: false, status: 404, message: unknownSearchPathMessage };

  const entries: Entry[] = [];
  const carTypes: CarType[] = [...meaning.carTypes];
  const mentioned = new Set<string>();
  const ranges: Ranges = {};
  let priceMenu: Range | null = null;
  let sort: SortValue | null = null;
  let page: string | null = null;
  let q: string | null = null;

  let seen = 0;
  for (const [key, value] of url.searchParams) {
    seen += 1;
    if (seen > maxParams) break;
    const refinement = refinementKey.exec(key) ?? menuKey.exec(key);
    const range = rangeKey.exec(key);
    if (refinement) {
      const [, attribute, index] = refinement;
      const carType = value.trim();
      if (key.startsWith("menu[") && attribute === "price_range") {
        priceMenu ??= priceMenuRange(value);
      } else if (attribute === "car_type") {
        if (isCarType(carType)) carTypes.push(carType);
      } else if (isRefinementAttribute(attribute)) {
        mentioned.add(attribute);
        const order = index === undefined || index === "" ? 10_000 + seen : Number(index);
        entries.push({ attribute, value, order });
      }
    } else if (range) {
      const attribute = range[1];
      if (isRangeAttribute(attribute) && ranges[attribute] === undefined) {
        const parsed = readRange(value);
        if (parsed) ranges[attribute] = parsed;
      }
    } else if (key === "sortBy") {
      sort ??= allowedSort(tenant, value);
    } else if (key === "page") {
      page ??= value;
    } else if (key === "q") {
      q ??= value;
    }
  }
  // An explicit range[price] wins over a price menu value.
  if (priceMenu && ranges.price === undefined) ranges.price = priceMenu;

  const refinements = collectRefinements(meaning, entries);
  const defaultCity = tenant.site.features.default_city_refinement;
  // spec 000 §2: two tenants get a default city refinement; a URL that names city refinements (even none) overrides it.
  if (defaultCity && !mentioned.has("city")) refinements.city = [defaultCity];

  // spec 000 §4: the page counts only if it is a positive integer string greater than 1.
  const pageNumber = page !== null && pageValue.test(page) ? Math.min(page.length > 6 ? limits.page : Number(page), limits.page) : 1;
  const query = firstCodePoints((q ?? "").trim(), limits.queryLength).trim();
  const inputs = {
    listingPath: listingPath(tenant),
    preset: meaning.preset,
    carTypes: normalizeCarTypes(carTypes),
    refinements,
  };
  return {
    ok: true,
    state: {
      ...inputs,
      path: claimPath(inputs).path,
      ranges,
      sort: sort === defaultSort(tenant) ? null : sort,
      page: pageNumber,
      q: query,
    },
  };
}

function collectRefinements(meaning: { make: string | null; model: string | null; body: string | null }, entries: Entry[]): Refinements {
  const fromPath: Array<[RefinementAttribute, string | null]> = [
    ["make", meaning.make],
    ["model", meaning.model],
    ["body", meaning.body],
  ];
  const ordered = entries.map((entry, position) => ({ ...entry, position })).sort((a, b) => a.order - b.order || a.position - b.position);
  const refinements: Refinements = {};
  let total = 0;
  const add = (attribute: RefinementAttribute, raw: string) => {
    const value = cleanRefinement(attribute, raw);
    const values = refinements[attribute] ?? [];
    if (value === null || values.includes(value) || values.length >= limits.valuesPerFacet || total >= limits.refinementValues) return;
    refinements[attribute] = [...values, value];
    total += 1;
  };
  for (const [attribute, value] of fromPath) if (value !== null) add(attribute, value);
  for (const entry of ordered) add(entry.attribute, entry.value);
  return refinements;
}
