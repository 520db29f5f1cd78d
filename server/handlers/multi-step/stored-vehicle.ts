import { z } from "~/server/lib/zod";
import type { Lead } from "~/server/leads/lead-object";
import { ONE_YEAR_SECONDS, cookieValue, siteCookie, type CookieSettings } from "~/server/security/cookie-settings";

/**
 * spec 001 §4: "the vehicle is saved locally" after the last step. The visitor context
 * (server/visitor) keeps only the user details, so the vehicle has its own small signed cookie;
 * the next trade-in or sell-my-car flow pre-fills the visitor's own car from it.
 */
const storedVehicleSchema = z.object({
  make: z.string().max(50),
  model: z.string().max(50),
  year: z.string().max(4),
  car_id: z.string().max(12).nullable(),
  /** The visitor's own car (trade-in, sell) rather than one from stock they asked finance for. */
  own: z.boolean(),
});
export type StoredVehicle = z.infer<typeof storedVehicleSchema>;

function vehicleCookie(settings: CookieSettings) {
  return siteCookie("fc_vehicle", settings, { maxAgeSeconds: ONE_YEAR_SECONDS });
}

export async function readStoredVehicle(request: Request, cookies: CookieSettings): Promise<StoredVehicle | null> {
  return cookieValue(storedVehicleSchema, await vehicleCookie(cookies).parse(request.headers.get("Cookie")));
}

const text = (value: Lead[string], max: number) =>
  typeof value === "string" || typeof value === "number" ? String(value).slice(0, max) : "";

/** The vehicle of a completed lead, or null when the lead names none. */
export function vehicleOfLead(lead: Lead, own: boolean): StoredVehicle | null {
  const make = text(lead["Vehicle Make"], 50);
  if (!make) return null;
  return {
    make,
    model: text(lead["Vehicle Model"], 50),
    year: text(lead["Vehicle Year"], 4),
    car_id: lead.car_id ? text(lead.car_id, 12) : null,
    own,
  };
}

export function commitStoredVehicle(vehicle: StoredVehicle, cookies: CookieSettings): Promise<string> {
  return vehicleCookie(cookies).serialize(vehicle);
}

/**
 * spec 000 §3: the trade-in valuation's vehicle pre-fills the trade-in fields of the
 * next single-page form that has them (/trade-in, /sell-my-car). Only the visitor's own car: a stock
 * car they asked finance for is not a trade-in.
 */
export function tradeInDefaults(vehicle: StoredVehicle | null, names: ReadonlySet<string>): Record<string, string> {
  if (!vehicle?.own) return {};
  const values: Record<string, string> = { "Vehicle Make": vehicle.make, "Vehicle Model": vehicle.model, "Vehicle Year": vehicle.year };
  return Object.fromEntries(Object.entries(values).filter(([name, value]) => names.has(name) && value !== ""));
}

/** 'Forget my details': the saved vehicle goes too. */
export function clearStoredVehicle(cookies: CookieSettings): Promise<string> {
  return vehicleCookie(cookies).serialize("", { maxAge: 0 });
}
