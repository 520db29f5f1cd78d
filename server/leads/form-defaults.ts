import { orderedLocations, sameLocation } from "~/server/content/locations";
import type { Location } from "~/server/tenants/schema";
import type { StoredUserDetails } from "~/server/visitor/context";

/** spec 001 §3 lead form defaults: all empty text. */
export const LEAD_FORM_DEFAULTS = {
  name: "",
  last_name: "",
  email: "",
  phone: "",
  day: "",
  month: "",
  year: "",
  postcode: "",
  state: "",
  lead_id: "",
} as const;

export type LeadFormDefaults = { -readonly [K in keyof typeof LEAD_FORM_DEFAULTS]: string };

/** The defaults, pre-filled from the visitor's stored details (spec 001 §3) and an in-progress lead id. */
export function formDefaults(user: StoredUserDetails, leadId?: string | null): LeadFormDefaults {
  return {
    ...LEAD_FORM_DEFAULTS,
    name: user.name ?? "",
    last_name: user.last_name ?? "",
    email: user.email ?? "",
    phone: user.phone ?? "",
    postcode: user.postcode ?? "",
    lead_id: leadId ?? "",
  };
}

/**
 * The dealership a form's Dealership select starts on: the `preferredDealership` a link carries
 * (spec 000 §2 finance links, any form's query) when it names one of the site's dealerships, else
 * the dealership of the vehicle the form is about; null leaves the visitor to choose.
 */
export function preselectedDealership(
  dealerships: ReadonlyArray<{ slug: string }>,
  preferred: string | null,
  vehicle: { dealership_slug: string } | null,
): string | null {
  const known = (slug: string | null | undefined): slug is string =>
    Boolean(slug) && dealerships.some((dealership) => dealership.slug === slug);
  if (known(preferred)) return preferred;
  return known(vehicle?.dealership_slug) ? vehicle.dealership_slug : null;
}

/**
 * An enquiry about a car preselects the car's location, as the form lists it (a place
 * listed twice is offered once, under the entry orderedLocations keeps). null when it is not offered.
 */
export function preselectedLocation(locations: readonly Location[], vehicle: { location_id: number }): string | null {
  const own = locations.find((location) => location.id === vehicle.location_id);
  if (!own) return null;
  const listed = orderedLocations(locations).find((location) => location.id === own.id || sameLocation(location, own));
  return listed ? String(listed.id) : null;
}

/**
 * A vehicle enquiry's message starts with the question most shoppers ask, which they may edit or
 * replace (marketplaces pre-fill it the same way); every other form's message starts empty.
 */
export function vehicleEnquiryMessage(title: string): string {
  return `Hi, is this ${title} still available?`;
}
