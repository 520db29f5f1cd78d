import { directionsHref } from "~/server/events/go-links";
import type { Location, OpeningHour, Site } from "~/server/tenants/schema";
import { orderedLocations } from "./locations";
import { dateTimeFormat } from "~/server/lib/date-time-format";

/** What a location card shows (spec 001 §3 Location and Address), safe to send to the browser. */
export type LocationCard = {
  id: number;
  name: string;
  address: string;
  mapUrl: string;
  phone: string;
  manufacturers: string[];
  hours: OpeningHour[];
};

export function locationCard(location: Location): LocationCard {
  return {
    id: location.id,
    name: location.name,
    address: location.address.full,
    // Through /go/directions, which records event 41 and redirects to the map.
    mapUrl: directionsHref(location.slug),
    phone: location.contact_detail.phone,
    manufacturers: location.manufacturers,
    hours: location.contact_detail.opening_hours,
  };
}

export type SpecialHoursLine = { label: string; date: string; hours: string };

/** Holiday hours with their dates written out for the site's locale (dates are calendar days, so UTC). */
export function specialHoursLines(site: Pick<Site, "special_hours" | "locale">): SpecialHoursLine[] {
  const format = dateTimeFormat(site.locale, { timeZone: "UTC", weekday: "long", day: "numeric", month: "long", year: "numeric" });
  return site.special_hours.map((entry) => {
    const day = new Date(`${entry.date}T00:00:00Z`);
    return {
      label: entry.label,
      date: Number.isNaN(day.getTime()) ? entry.date : format.format(day),
      hours: entry.status === "Closed" ? "Closed" : entry.formated_hours,
    };
  });
}

/** The /contact page's locations, in the locations page's order (sales, service, parts), each place once. */
export function contactLocations(site: Pick<Site, "locations">): LocationCard[] {
  return orderedLocations(site.locations).map(locationCard);
}
