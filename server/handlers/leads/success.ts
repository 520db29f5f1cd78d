import { redirect, type AppLoadContext } from "@remix-run/node";
import { locationCard, type LocationCard } from "~/server/content/location-view";
import { CATEGORIES } from "~/server/leads/events";
import { slugify } from "~/server/lib/slug";
import { localiseText } from "~/server/lib/spelling";
import { vehicleHref } from "~/server/stock/can-reserve";
import { vehicleTitle } from "~/server/stock/vehicle-title";
import type { Vehicle } from "~/server/stock/vehicle";
import { primaryLocation } from "~/server/tenants/public-site";
import type { Location, Site } from "~/server/tenants/schema";
import { readVisitor } from "~/server/visitor/cookie";
import type { VisitorContext } from "~/server/visitor/context";

export type SuccessView = {
  category: string | null;
  categorySlug: string | null;
  /** The car the enquiry was about, when there was one. */
  car: { title: string; href: string } | null;
  /** Who answers, and when they are open. */
  location: LocationCard;
  /** What happens next, in the site's usage. */
  nextStep: string;
};

const SLUG_PATTERN = /^[a-z0-9-]{1,80}$/;
// A thank-you page opened an hour after the enquiry thanks no one: the visitor is sent home instead.
export const ENQUIRY_FRESH_MS = 60 * 60 * 1000;

/** spec 001 §2: /success?category={slug of category}; the name comes from our categories, never echoed raw. */
export function categoryNameForSlug(slug: string): string | null {
  return Object.values(CATEGORIES).find((category) => slugify(category) === slug) ?? null;
}

/** The enquiry behind this visit to /success: sent from this browser within the hour, else null. */
export function recentEnquiry(
  visitor: Pick<VisitorContext, "last_enquiry">,
  now: number,
): NonNullable<VisitorContext["last_enquiry"]> | null {
  const enquiry = visitor.last_enquiry;
  return enquiry && now - enquiry.at >= 0 && now - enquiry.at <= ENQUIRY_FRESH_MS ? enquiry : null;
}

/** Who answers: the location chosen in the form, else the car's, else the site's main one. */
export function answeringLocation(site: Site, locationId: number | null, vehicle: Pick<Vehicle, "location_id"> | null): Location {
  const byId = (id: number | null | undefined) => (id == null ? undefined : site.locations.find((location) => location.id === id));
  return byId(locationId) ?? byId(vehicle?.location_id) ?? primaryLocation(site);
}

/** What happens next, naming the enquiry type and who will answer. */
export function nextStepText(category: string | null, location: Location, site: Pick<Site, "locale">): string {
  const what = category ? `your ${category}` : "your enquiry";
  return localiseText(
    `The ${location.name} team will read ${what} and contact you during their opening hours, usually within one business day.`,
    site.locale,
  );
}

/**
 * /success (spec 001 §2): the enquiry type (?category=, else the one stored when it
 * was sent), the car, the answering location and its hours. Opened with no enquiry sent from this
 * browser in the last hour, it sends the visitor home instead of thanking them.
 */
export async function successPage(request: Request, context: AppLoadContext): Promise<SuccessView> {
  const now = Date.now();
  const { tenant } = context;
  const visitor = await readVisitor(request, context.services.cookies, now, context.newVisitorDeviceId);
  const enquiry = recentEnquiry(visitor, now);
  if (!enquiry) throw redirect("/", { status: 303, headers: { "Cache-Control": "no-store" } });

  const slug = new URL(request.url).searchParams.get("category");
  const fromQuery = slug && SLUG_PATTERN.test(slug) ? categoryNameForSlug(slug) : null;
  const category = fromQuery ?? categoryNameForSlug(slugify(enquiry.category));

  let vehicle: Vehicle | null = null;
  if (enquiry.car_id !== null) {
    try {
      [vehicle = null] = await context.services.stock.vehiclesByIds(tenant.slug, [enquiry.car_id]);
    } catch (error) {
      context.log.warn({ err: error, carId: enquiry.car_id }, "thank-you page: vehicle lookup failed");
    }
  }
  const location = answeringLocation(tenant.site, enquiry.location_id, vehicle);
  return {
    category: category === null ? null : localiseText(category, tenant.site.locale),
    categorySlug: category === null ? null : slugify(category),
    car: vehicle ? { title: vehicleTitle(vehicle), href: vehicleHref(vehicle, tenant.site) } : null,
    location: locationCard(location),
    nextStep: nextStepText(category === null ? null : localiseText(category, tenant.site.locale), location, tenant.site),
  };
}
