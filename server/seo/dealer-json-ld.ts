import { orderedLocations, sameLocation } from "~/server/content/locations";
import type { Location, OpeningHour, Site } from "~/server/tenants/schema";
import { primaryLocation } from "~/server/tenants/public-site";
import { postalAddress } from "~/server/vehicle-page/json-ld";

const DAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** schema.org OpeningHoursSpecification of the open days (weekday 0 = Sunday, spec 001 §3); closed days are left out. */
export function openingHoursSpecification(hours: readonly OpeningHour[]): Array<Record<string, string>> {
  return hours.flatMap((entry) => {
    if (entry.status !== "Open" || !entry.open || !entry.close || !TIME.test(entry.open) || !TIME.test(entry.close)) return [];
    return [
      {
        "@type": "OpeningHoursSpecification",
        dayOfWeek: `https://schema.org/${DAY_NAMES[entry.weekday]}`,
        opens: entry.open,
        closes: entry.close,
      },
    ];
  });
}

function locationDealer(location: Location, site: Site): Record<string, unknown> {
  const { address, contact_detail: contact } = location;
  return {
    "@type": "AutoDealer",
    name: location.name,
    telephone: contact.phone,
    email: contact.email ?? undefined,
    address: postalAddress(address, site),
    geo: { "@type": "GeoCoordinates", latitude: address.lat, longitude: address.long },
    hasMap: address.map_url,
    openingHoursSpecification: openingHoursSpecification(contact.opening_hours),
  };
}

/**
 * The dealer as a schema.org `AutoDealer` for the home and contact pages — name,
 * address, phones, opening hours and geo of the primary location, the site's other visible
 * locations as departments, and the social profiles.
 */
export function dealerJsonLd(site: Site): Record<string, unknown> {
  const primary = primaryLocation(site);
  const origin = new URL(site.url).origin;
  const others = orderedLocations(site.locations).filter((location) => location.id !== primary.id && !sameLocation(location, primary));
  const sameAs = Object.values(site.social).filter((url): url is string => typeof url === "string" && url.startsWith("https://"));
  return {
    "@context": "https://schema.org",
    ...locationDealer(primary, site),
    "@id": `${origin}/#dealer`,
    name: site.name,
    legalName: site.company_name,
    url: `${origin}/`,
    logo: new URL(site.logo.url, origin).toString(),
    telephone: site.phone,
    email: site.email ?? primary.contact_detail.email ?? undefined,
    sameAs: sameAs.length > 0 ? sameAs : undefined,
    department: others.length > 0 ? others.map((location) => locationDealer(location, site)) : undefined,
  };
}
