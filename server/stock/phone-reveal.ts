import type { Logger } from "~/server/lib/logger";
import type { Site } from "~/server/tenants/schema";
import type { Vehicle } from "./vehicle";

// spec 000 §8: a vehicle without a phone number logs this warning.
export const NO_PHONE_WARNING = "No phone number available for car";

/** The number the dealer phone box shows: the location's, else the site's main number (with a warning). */
export function dealerPhone(vehicle: Pick<Vehicle, "id" | "location">, site: Pick<Site, "phone">, log: Logger): string {
  const phone = vehicle.location.phone?.trim();
  if (phone) return phone;
  log.warn({ carId: vehicle.id }, NO_PHONE_WARNING);
  return site.phone;
}

/** spec 000 §7 phone reveal body: car_id, dealership_id, website_id. */
export type PhoneReveal = { tenant: string; car_id: number; dealership_id: number; website_id: number };

export function phoneRevealFor(
  vehicle: Pick<Vehicle, "id" | "dealership_id">,
  tenant: { slug: string; site: Pick<Site, "id"> },
): PhoneReveal {
  return { tenant: tenant.slug, car_id: vehicle.id, dealership_id: vehicle.dealership_id, website_id: tenant.site.id };
}
