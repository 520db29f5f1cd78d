import { dialledNumber, telHref } from "~/server/lib/format";
import type { Site } from "~/server/tenants/schema";

/**
 * Phone and map links go through /go/call and /go/directions, which record events 25 and
 * 41 and then redirect — so they count with JavaScript off. Only the tenant's own numbers and
 * locations are targets: these are not open redirects.
 */
export const GO_CALL_PATH = "/go/call";
export const GO_DIRECTIONS_PATH = "/go/directions";

/** Digits only, so '+61 7 3000 0000', '(07) 3000 0000' and '0061730000000' can be compared loosely by their tail. */
function comparable(phone: string): string {
  return phone.replace(/\D/g, "").slice(-9);
}

/** A same-site path to record as the event's page; anything else (another host, `//evil`) becomes '/'. */
export function safeFromPath(from: string | null): string {
  if (!from || !from.startsWith("/") || from.startsWith("//") || from.includes("\\")) return "/";
  return from.slice(0, 300);
}

export function callHref(phone: string, from: string, carId?: number | null): string | null {
  const to = dialledNumber(phone);
  if (!/\d/.test(to)) return null;
  const query = new URLSearchParams({ to, from: safeFromPath(from) });
  if (carId) query.set("car", String(carId));
  return `${GO_CALL_PATH}?${query.toString()}`;
}

export function directionsHref(locationSlug: string, from?: string): string {
  const query = new URLSearchParams({ location: locationSlug });
  if (from) query.set("from", safeFromPath(from));
  return `${GO_DIRECTIONS_PATH}?${query.toString()}`;
}

/** Every number the tenant publishes: the site's and each location's phone, landline and mobile. */
export function tenantPhones(site: Pick<Site, "phone" | "locations">): string[] {
  const numbers = [site.phone];
  for (const location of site.locations) {
    const { phone, landline_phone: landline, mobile } = location.contact_detail;
    numbers.push(phone, ...(landline ? [landline] : []), ...(mobile ? [mobile] : []));
  }
  return numbers.filter((n) => /\d{6,}/.test(n.replace(/\D/g, "")));
}

/** The tel: URL of the allowed number `to` names (compared by digits); the number dialled is always the tenant's own. */
export function callTarget(to: string, allowed: readonly string[]): string | null {
  const dialled = dialledNumber(to);
  if (!/^\+?\d{6,16}$/.test(dialled)) return null;
  const wanted = comparable(dialled);
  const match = allowed.find((phone) => comparable(phone) === wanted);
  return match === undefined ? null : telHref(match);
}

/** The location's own map URL (http or https only), or null for a slug the tenant does not have. */
export function directionsTarget(site: Pick<Site, "locations">, slug: string): string | null {
  const location = site.locations.find((l) => l.slug === slug);
  if (!location) return null;
  try {
    const url = new URL(location.address.map_url);
    return url.protocol === "https:" || url.protocol === "http:" ? url.toString() : null;
  } catch {
    return null;
  }
}
