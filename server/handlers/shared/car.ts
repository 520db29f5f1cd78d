import type { AppLoadContext } from "@remix-run/node";
import type { Logger } from "~/server/lib/logger";
import { registrationText } from "~/server/stock/registration";
import type { CarDetails } from "~/server/leads/lead-object";
import { searchIndexUid, stockFilter } from "~/server/search/queries";
import type { SearchBackend } from "~/server/search/types";
import { vehicleHref } from "~/server/stock/can-reserve";
import { isListed } from "~/server/stock/is-listed";
import { cardPhoto } from "~/server/stock/photos";
import { priceDisplay } from "~/server/stock/price-display";
import type { Vehicle } from "~/server/stock/vehicle";
import { vehicleTitle } from "~/server/stock/vehicle-title";
import type { Tenant } from "~/server/tenants/load";

const CAR_ID_PATTERN = /^\d{1,12}$/;

/** What a form page shows about the vehicle an enquiry is about. */
export type CarSummary = {
  id: number;
  title: string;
  href: string;
  car_type: Vehicle["car_type"];
  /** Its first photo (a path for /_image), null without one. */
  image: string | null;
  /** The price as its card shows it (price, subscription, PREORDER or the no-price text). */
  price: string;
};

/**
 * The listed vehicle with this id (`car_id` from a card link or a hidden field), or null when the id
 * is malformed, unknown, not listed, or the search backend fails — an enquiry never depends on it.
 */
export type CarLookup = { log: Logger; now: number; backend: SearchBackend };

export async function findCarById(tenant: Tenant, rawId: unknown, options: CarLookup): Promise<Vehicle | null> {
  if (typeof rawId !== "string" || !CAR_ID_PATTERN.test(rawId)) return null;
  try {
    const [result] = await options.backend.multiSearch(tenant, [
      { indexUid: searchIndexUid(tenant), filter: [...stockFilter(tenant, options.now), `id = ${Number(rawId)}`], limit: 1, offset: 0 },
    ]);
    const vehicle = result?.hits[0];
    return vehicle && vehicle.id === Number(rawId) && isListed(vehicle, tenant.site, options.now) ? vehicle : null;
  } catch (error) {
    options.log.warn({ err: error, carId: rawId }, "enquiry vehicle lookup failed");
    return null;
  }
}

/** spec 001 §7: the lead call sends car details, taken from our stock record, never from the form. */
export function carDetails(vehicle: Vehicle): CarDetails {
  return {
    car_id: vehicle.id,
    car_type: vehicle.car_type,
    stock_number: vehicle.stocknum,
    make: vehicle.make,
    model: vehicle.model,
    year: vehicle.year,
    vin: vehicle.vin ?? undefined,
    registration: registrationText(vehicle) ?? undefined,
    price: vehicle.price,
    vehicle_status: vehicle.status,
    badge: vehicle.badge,
    series: vehicle.series,
    km: vehicle.km,
    body: vehicle.body ?? vehicle.simple_body,
    transmission: vehicle.transmission ?? vehicle.simple_transmission,
    colour: vehicle.colour,
    subscription_price: vehicle.subscription_price,
    preorder: vehicle.preorder,
  };
}

/** Only the identifiers: for forms whose Vehicle Make/Model/Year describe the visitor's own car (trade-in). */
export function carIdentifiers(vehicle: Vehicle): CarDetails {
  return { car_id: vehicle.id, car_type: vehicle.car_type, stock_number: vehicle.stocknum };
}

export function carSummary(vehicle: Vehicle, tenant: Tenant): CarSummary {
  return {
    id: vehicle.id,
    title: vehicleTitle(vehicle),
    href: vehicleHref(vehicle, tenant.site),
    car_type: vehicle.car_type,
    image: cardPhoto(vehicle),
    price: priceDisplay(vehicle, tenant.site).text,
  };
}

/** ?car_id= of the page (card "Request Photos" links, /cars/trade-in?car_id=, finance links). */
export function carFromQuery(request: Request, context: AppLoadContext): Promise<Vehicle | null> {
  return findCarById(context.tenant, new URL(request.url).searchParams.get("car_id") ?? undefined, {
    log: context.log,
    now: Date.now(),
    backend: context.services.search.backendFor(context.tenant),
  });
}
