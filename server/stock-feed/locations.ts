import type { Dealership, Location, Site } from "~/server/tenants/schema";

/** Letters and digits only, lowercased: "Harbourside Toyota - Sales" → "harboursidetoyotasales". */
function key(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]/g, "");
}

function salesLocations(site: Pick<Site, "locations">): Location[] {
  const sales = site.locations.filter((location) => location.location_type === "sales");
  return sales.length > 0 ? sales : site.locations;
}

/** Where a vehicle without a location in the feed is shown: the primary sales yard, else the first one. */
export function defaultLocation(site: Pick<Site, "locations">): Location {
  const sales = salesLocations(site);
  return sales.find((location) => location.primary) ?? sales[0] ?? site.locations[0];
}

export type LocationMatcher = {
  byName(name: string): Location | null;
  byId(id: number): Location | null;
  /** The yard at this street address (and postcode, when given), as ad-platform feeds describe a dealer. */
  byAddress(street: string, postcode: string): Location | null;
  /** The names a feed may use, for the message when one does not match. */
  known: readonly string[];
};

/**
 * A feed names a yard by its site.json name, its slug, or the name without the " - Sales" suffix
 * dealers leave off ("Harbourside Toyota"); case, spaces and punctuation are ignored.
 */
export function locationMatcher(site: Pick<Site, "locations">): LocationMatcher {
  const names = new Map<string, Location>();
  const add = (text: string, location: Location) => {
    const k = key(text);
    if (k !== "" && !names.has(k)) names.set(k, location);
  };
  // Sales yards first, so a name shared with a service centre means the yard.
  const ordered = [...salesLocations(site), ...site.locations];
  for (const location of ordered) {
    add(location.name, location);
    add(location.slug, location);
    add(location.name.replace(/\s*[-–—]?\s*sales$/i, ""), location);
  }
  return {
    byName: (name) => names.get(key(name)) ?? null,
    byId: (id) => site.locations.find((location) => location.id === id) ?? null,
    byAddress: (street, postcode) => {
      if (key(street) === "") return null;
      // Sales yards first, as for names: a service centre at the same address is not where cars are sold.
      return (
        ordered.find(
          (location) =>
            key(location.address.street) === key(street) && (postcode.trim() === "" || key(location.address.postcode) === key(postcode)),
        ) ?? null
      );
    },
    known: salesLocations(site).map((location) => location.name),
  };
}

/** The dealership a location belongs to (site.json dealership_id), else the site's first. */
export function dealershipOf(site: Pick<Site, "dealerships">, location: Location): Dealership {
  return site.dealerships.find((dealership) => dealership.id === location.dealership_id) ?? site.dealerships[0];
}

/**
 * Where a vehicle is sold, as every vehicle carries it (imported and generated stock alike): its
 * dealership, city and state, and its location with the number to call (`null`: none shown).
 */
export function vehiclePlace(dealership: Dealership, location: Location, phone: string | null = location.contact_detail.phone) {
  return {
    dealership_id: dealership.id,
    dealership_slug: dealership.slug,
    dealership_name: dealership.name,
    city: location.address.city,
    state: location.address.state,
    location_name: location.name,
    location: { name: location.name, phone, slug: location.slug, distribution_locations: location.distribution_locations },
    location_id: location.id,
  };
}
