import { isSold } from "~/server/stock/availability";
import type { Vehicle } from "~/server/stock/vehicle";

export type AlertKind = "price_drop" | "sold";

/** What the last alert (or the opt-in) saw of the car. */
export type AlertBaseline = { alert_price: number | null; alert_status: string | null };

/**
 * After an import, an opted-in saved car gets an alert when it is newly sold, or when its
 * price is below the price the last alert (or the opt-in) saw. A price that rises and drops back to
 * where it was is no new drop. Sold wins: one email, not two.
 */
export function alertFor(baseline: AlertBaseline, vehicle: Pick<Vehicle, "price" | "status" | "sold"> | null): AlertKind | null {
  if (vehicle === null) return null;
  if (isSold(vehicle)) return baseline.alert_status === "sold" ? null : "sold";
  if (baseline.alert_price !== null && vehicle.price !== null && vehicle.price < baseline.alert_price) return "price_drop";
  return null;
}

/**
 * One alert per car, kind and price, per account: a second import with the same drop (or the same
 * import applied twice, or two instances racing) finds the key taken and sends nothing.
 */
export function alertDedupeKey(tenant: string, userId: string, vehicleId: number, kind: AlertKind, price: number | null): string {
  return `${tenant}|${userId}|${vehicleId}|${kind}${kind === "price_drop" ? `|${price ?? ""}` : ""}`;
}

/** The baseline after an alert (or at opt-in): the car as it is now. */
export function baselineOf(vehicle: Pick<Vehicle, "price" | "status" | "sold">): AlertBaseline {
  return { alert_price: vehicle.price, alert_status: isSold(vehicle) ? "sold" : vehicle.status };
}
