import type { Tenant } from "~/server/tenants/load";
import type { SortValue } from "~/server/tenants/schema";
import { canonicalValue } from "./value-spellings";
import { claimPath, listingPath } from "./paths";
import { isCarType, limits, normalizeCarTypes, type Range, type RangeAttribute, type RefinementAttribute, type SearchState } from "./state";

/** The state transitions behind facet links, the pager, the sort menu and "clear all"; each returns a new state. */

function withDerivedPath(state: SearchState): SearchState {
  return { ...state, path: claimPath(state).path };
}

/** The site's listing with nothing chosen. */
export function emptySearchState(tenant: Tenant): SearchState {
  return withDerivedPath({
    path: "",
    listingPath: listingPath(tenant),
    carTypes: [],
    preset: null,
    refinements: {},
    ranges: {},
    sort: null,
    page: 1,
    q: "",
  });
}

/** Adds the value to the facet's refinements, or removes it when already there; back to page 1. */
export function withRefinementToggled(state: SearchState, attribute: RefinementAttribute | "car_type", value: string): SearchState {
  if (attribute === "car_type") {
    if (!isCarType(value)) return state;
    const chosen = state.carTypes;
    const carTypes = chosen.includes(value) ? chosen.filter((carType) => carType !== value) : [...chosen, value];
    return withDerivedPath({ ...state, carTypes: normalizeCarTypes(carTypes), page: 1 });
  }
  const refined = canonicalValue(attribute, value);
  const current = state.refinements[attribute] ?? [];
  const values = current.includes(refined) ? current.filter((item) => item !== refined) : [...current, refined];
  const refinements = { ...state.refinements };
  if (values.length === 0) delete refinements[attribute];
  else refinements[attribute] = values;
  return withDerivedPath({ ...state, refinements, page: 1 });
}

const usableBound = (bound: number | undefined) =>
  bound !== undefined && Number.isFinite(bound) && Math.abs(bound) < limits.rangeBound ? bound + 0 : undefined;

/** Sets or (with no usable bound) removes a range; bounds in the wrong order are swapped. */
export function withRange(state: SearchState, attribute: RangeAttribute, range: Range): SearchState {
  const ranges = { ...state.ranges };
  const [min, max] = [usableBound(range.min), usableBound(range.max)];
  if (min === undefined && max === undefined) delete ranges[attribute];
  else if (min !== undefined && max !== undefined && min > max) ranges[attribute] = { min: max, max: min };
  else ranges[attribute] = { ...(min === undefined ? {} : { min }), ...(max === undefined ? {} : { max }) };
  return { ...state, ranges, page: 1 };
}

/** null or the site's default sort both mean the default. */
export function withSort(state: SearchState, sort: SortValue | null, tenant: Tenant): SearchState {
  return { ...state, sort: sort === tenant.site.features.default_sort ? null : sort, page: 1 };
}

export function withPage(state: SearchState, page: number): SearchState {
  return { ...state, page: Number.isInteger(page) && page > 1 ? Math.min(page, limits.page) : 1 };
}

/** Clears every filter, the preset and the page; keeps the words searched for and the sort. */
export function clearAll(state: SearchState): SearchState {
  return withDerivedPath({ ...state, carTypes: [], preset: null, refinements: {}, ranges: {}, page: 1 });
}
