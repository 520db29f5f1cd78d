import type { Tenant } from "~/server/tenants/load";
import { rangeLabel, refinementLabel } from "./filter-labels";
import type { Range, RangeAttribute, SearchState } from "./state";
import { searchLinkHref } from "./stored-suffix";
import { withRange, withRefinementToggled } from "./transitions";

/** One removable chip above the results: what is applied, read as the shopper would say it, and the link that removes it. */
export type AppliedFilter = { key: string; label: string; removeHref: string };

/**
 * Every filter the shopper applied, in the order the panel lists facets (car type, refinements,
 * ranges, then the words searched for); each chip's link is the same search without that filter.
 */
export function appliedFilters(state: SearchState, tenant: Tenant): AppliedFilter[] {
  const href = (next: SearchState) => searchLinkHref(next, tenant);
  const chips: AppliedFilter[] = state.carTypes.map((carType) => ({
    key: `car_type:${carType}`,
    label: refinementLabel("car_type", carType, tenant),
    removeHref: href(withRefinementToggled(state, "car_type", carType)),
  }));
  for (const [attribute, values] of Object.entries(state.refinements) as Array<[keyof SearchState["refinements"], string[]]>) {
    for (const value of values) {
      chips.push({
        key: `${attribute}:${value}`,
        label: refinementLabel(attribute, value, tenant),
        removeHref: href(withRefinementToggled(state, attribute, value)),
      });
    }
  }
  for (const [attribute, range] of Object.entries(state.ranges) as Array<[RangeAttribute, Range]>) {
    chips.push({
      key: `range:${attribute}`,
      label: rangeLabel(attribute, range, tenant),
      removeHref: href(withRange(state, attribute, {})),
    });
  }
  if (state.q !== "") chips.push({ key: "q", label: `“${state.q}”`, removeHref: href({ ...state, q: "", page: 1 }) });
  return chips;
}
