import type { Db } from "../db/connection";
import type { Logger } from "../lib/logger";
import type { Site } from "../tenants/schema";
import type { Vehicle } from "./vehicle";

// spec 000 §8: a vehicle without a phone number logs this warning.
export const NO_PHONE_WARNING = "No phone number available for car";
// spec 000 §8: a failed phone reveal is logged.
export const REVEAL_FAILED_MESSAGE = "Phone reveal failed";

/** The number the dealer phone box shows: the location's, else the site's main number (with a warning). */
export function dealerPhone(
  vehicle: Pick<Vehicle, "id" | "location">,
  site: Pick<Site, "phone">,
  log: Logger,
): string {
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

/**
 * Records one reveal. A failure is logged and reported as false: the visitor still gets the
 * number, since the record is for the dealer's reporting and the number is theirs to call.
 */
export async function recordPhoneReveal(
  getDb: () => Promise<Db>,
  reveal: PhoneReveal,
  now: number,
  log: Logger,
): Promise<boolean> {
  try {
    const db = await getDb();
    await db.db
      .insertInto("phone_reveals")
      .values({ ...reveal, created_at: now })
      .execute();
    return true;
  } catch (error) {
    log.error({ err: error, carId: reveal.car_id }, REVEAL_FAILED_MESSAGE);
    return false;
  }
}
