import type { Site } from "~/server/tenants/schema";
import { isAvailable, isSold } from "./availability";
import type { Vehicle } from "./vehicle";

/**
 * spec 000 §5: the trade-in check is not shown. Ours: the site offers trade-ins
 * (features.offers_trade_in) and the vehicle is on the website, available and not sold.
 */
export function tradeInAvailable(
  vehicle: Pick<Vehicle, "status" | "sold" | "show_on_dealer_website">,
  site: Pick<Site, "features">,
): boolean {
  return site.features.offers_trade_in && vehicle.show_on_dealer_website && isAvailable(vehicle) && !isSold(vehicle);
}

/** spec 000 §2: /cars/trade-in?car_id={id} (the same path on every template). */
export function tradeInHref(vehicle: Pick<Vehicle, "id">): string {
  return `/cars/trade-in?car_id=${vehicle.id}`;
}
