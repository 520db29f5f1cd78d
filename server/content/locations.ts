import type { Location } from "~/server/tenants/schema";

// spec 001 §9: "Location ordering: sales, service, parts."
export const LOCATION_TYPE_ORDER = ["sales", "service", "parts", ""] as const;
export type LocationType = (typeof LOCATION_TYPE_ORDER)[number];

function typeRank(type: LocationType): number {
  return LOCATION_TYPE_ORDER.indexOf(type);
}

function digits(phone: string): string {
  return phone.replace(/\D/g, "");
}

function street(location: Location): string {
  return location.address.street.trim().toLowerCase().replace(/\s+/g, " ");
}

/** spec 001 §9: "Locations deduplicated by digits-only phone and street, or by place_id." */
export function sameLocation(a: Location, b: Location): boolean {
  if (a.address.place_id && a.address.place_id === b.address.place_id) return true;
  const phoneA = digits(a.contact_detail.phone);
  return phoneA !== "" && phoneA === digits(b.contact_detail.phone) && street(a) === street(b);
}

/**
 * Visible locations in the spec's order (sales, service, parts, then untyped; by position within a type),
 * each place once: the first in that order wins, so a shared sales and service site is listed as sales.
 */
export function orderedLocations(locations: readonly Location[]): Location[] {
  const sorted = locations
    .filter((location) => location.visible)
    .map((location, index) => ({ location, index }))
    .sort(
      (a, b) =>
        typeRank(a.location.location_type) - typeRank(b.location.location_type) ||
        a.location.position - b.location.position ||
        a.index - b.index,
    )
    .map(({ location }) => location);
  const kept: Location[] = [];
  for (const location of sorted) {
    if (!kept.some((other) => sameLocation(other, location))) kept.push(location);
  }
  return kept;
}

export type LocationGroup = { type: LocationType; locations: Location[] };

/** The ordered locations grouped by type, empty groups left out. */
export function groupLocations(locations: readonly Location[]): LocationGroup[] {
  const ordered = orderedLocations(locations);
  return LOCATION_TYPE_ORDER.map((type) => ({ type, locations: ordered.filter((l) => l.location_type === type) })).filter(
    (group) => group.locations.length > 0,
  );
}
