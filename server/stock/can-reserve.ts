import type { Site } from "~/server/tenants/schema";
import { isTestDriveOnly } from "./test-drive-only";
import type { Vehicle } from "./vehicle";

// spec 000 §9: reserve over 200.
const RESERVE_PRICE_OVER = 200;

type CoreVehicle = Pick<Vehicle, "status" | "sold" | "reserved" | "price">;
type ReserveVehicle = CoreVehicle & Pick<Vehicle, "reservable" | "payment_processors" | "has_checkout_payment_processor" | "tag">;

/** spec 000 §5: the core rule shared by reserve and Autograb — in_stock, not sold, not reserved, price above 200. */
export function autograbEligible(vehicle: CoreVehicle): boolean {
  return (
    vehicle.status === "in_stock" && !vehicle.sold && !vehicle.reserved && vehicle.price !== null && vehicle.price > RESERVE_PRICE_OVER
  );
}

/**
 * spec 000 §5: reserve or buy online needs all of: a payment provider configured; in_stock; not
 * excluded by the extra check (not shown in the spec, so callers may pass one); a checkout payment
 * processor or a payment key; not sold and not reserved; price over 200; reservable not false;
 * at least one payment processor. A test-drive-only vehicle (spec 000 §4 tags) is never reserved.
 */
export function canReserve(
  vehicle: ReserveVehicle,
  site: Pick<Site, "payment_provider">,
  isExcluded?: (vehicle: ReserveVehicle) => boolean,
): boolean {
  const hasPaymentKey = vehicle.payment_processors.some((processor) => Boolean(processor.authorization_key));
  return (
    site.payment_provider !== null &&
    autograbEligible(vehicle) &&
    !(isExcluded?.(vehicle) ?? false) &&
    (vehicle.has_checkout_payment_processor || hasPaymentKey) &&
    vehicle.reservable !== false &&
    vehicle.payment_processors.length > 0 &&
    !isTestDriveOnly(vehicle)
  );
}

/** spec 000 §2: /cars, or /motorcycles on the motorcycle template and /campers on the camper template. */
export function detailBasePath(site: Pick<Site, "template">): string {
  if (site.template === "motorcycle") return "/motorcycles";
  if (site.template === "camper") return "/campers";
  return "/cars";
}

export function vehicleHref(vehicle: Pick<Vehicle, "slug">, site: Pick<Site, "template">): string {
  return `${detailBasePath(site)}/${vehicle.slug}`;
}

/** spec 000 §2: {detail}/checkout, or {detail}/buy-online on sites with the buy-online flag. */
export function reserveHref(vehicle: Pick<Vehicle, "slug">, site: Pick<Site, "template" | "features">): string {
  return `${vehicleHref(vehicle, site)}/${site.features.buy_online ? "buy-online" : "checkout"}`;
}
