import { KM_PER_MILE, type DistanceUnit } from "~/server/lib/format";
import type { Range } from "./state";

/**
 * The odometer range is in the unit the shopper sees (spec 000 §1: km, miles on US sites); stock
 * holds km. A card shows whole units, rounded (formatDistance), so a shown value v covers the km
 * interval [(v - 0.5) × factor, (v + 0.5) × factor): the filter takes exactly the cars whose shown
 * distance lies in the range.
 */
export function odometerFilter(range: Range, unit: DistanceUnit): string[] {
  if (unit === "km") {
    return [...(range.min === undefined ? [] : [`km >= ${range.min}`]), ...(range.max === undefined ? [] : [`km <= ${range.max}`])];
  }
  const filter: string[] = [];
  if (range.min !== undefined) filter.push(`km >= ${(Math.ceil(range.min) - 0.5) * KM_PER_MILE}`);
  if (range.max !== undefined) filter.push(`km < ${(Math.floor(range.max) + 0.5) * KM_PER_MILE}`);
  return filter;
}

/** Stored km as the shopper sees it (for the range facet's bounds): whole units, rounded. */
export function shownOdometer(km: number, unit: DistanceUnit): number {
  return Math.round(unit === "mi" ? km / KM_PER_MILE : km);
}
