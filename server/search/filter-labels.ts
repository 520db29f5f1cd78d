import type { Tenant } from "~/server/tenants/load";
import { facetValueText, rangeBoundText } from "./facets";
import type { Range, RangeAttribute, RefinementAttribute } from "./state";

/**
 * How one filter reads wherever a shopper sees it — the removable chips above the results and the
 * keyword box's suggestions: the value alone ("Toyota", "SUV", "Diesel"), a bare number with its
 * noun ("7 seats").
 */
export function refinementLabel(attribute: RefinementAttribute | "car_type", value: string, tenant: Tenant): string {
  return attribute === "seats" ? `${value} seats` : facetValueText(attribute, value, tenant);
}

/** A range as the shopper would say it: "Under $40,000", "Over 20,000 km", "2021 or newer", "$10,000 to $40,000". */
export function rangeLabel(attribute: RangeAttribute, range: Range, tenant: Tenant): string {
  const text = (value: number) => rangeBoundText(attribute, value, tenant);
  if (range.min !== undefined && range.max !== undefined) {
    return range.min === range.max ? text(range.min) : `${text(range.min)} to ${text(range.max)}`;
  }
  if (attribute === "year") return range.min !== undefined ? `${text(range.min)} or newer` : `${text(range.max ?? 0)} or older`;
  return range.min !== undefined ? `Over ${text(range.min)}` : `Under ${text(range.max ?? 0)}`;
}
