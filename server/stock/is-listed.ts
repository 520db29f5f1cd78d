import type { Site } from "~/server/tenants/schema";
import { isAvailable } from "./availability";
import type { Vehicle } from "./vehicle";

const DAY_MS = 86_400_000;

/** spec 000 §4: sold vehicles stay listed include_sold_cars_days (default 3 = 259200000 ms). */
export function soldWindowMs(site: Pick<Site, "include_sold_cars_days">): number {
  return site.include_sold_cars_days * DAY_MS;
}

/** Sold status with a sold date no more than the window before `now` (the boundary counts). */
export function isRecentlySold(
  vehicle: Pick<Vehicle, "status" | "sold_date_timestamp">,
  site: Pick<Site, "include_sold_cars_days">,
  now: number,
): boolean {
  if (vehicle.status !== "sold" || vehicle.sold_date_timestamp === null) return false;
  return now - vehicle.sold_date_timestamp <= soldWindowMs(site);
}

/**
 * spec 000 §4 stock filter: in_stock or coming_soon, or sold within the last N days,
 * and only when show_on_dealer_website is true.
 */
export function isListed(
  vehicle: Pick<Vehicle, "status" | "sold_date_timestamp" | "show_on_dealer_website">,
  site: Pick<Site, "include_sold_cars_days">,
  now: number,
): boolean {
  if (!vehicle.show_on_dealer_website) return false;
  return isAvailable(vehicle) || isRecentlySold(vehicle, site, now);
}
