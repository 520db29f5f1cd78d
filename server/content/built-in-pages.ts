import type { Site } from "~/server/tenants/schema";
import { groupLocations, orderedLocations, type LocationType } from "./locations";
import { locationCard, specialHoursLines, type LocationCard, type SpecialHoursLine } from "./location-view";

export type AboutView = {
  kind: "about";
  title: string;
  description: string;
  intro: string;
  dealerships: { name: string; manufacturers: string[] }[];
  locations: LocationCard[];
};

export type DealershipsView = {
  kind: "dealerships";
  title: string;
  description: string;
  groups: { type: LocationType; heading: string; locations: LocationCard[] }[];
  specialHours: SpecialHoursLine[];
};

const BUSINESS: Record<Site["template"], string> = {
  car: "car dealership",
  motorcycle: "motorcycle dealership",
  camper: "caravan, camper and RV dealership",
  "4x4": "4x4 accessories and fitting business",
  truck: "truck dealership",
};

const GROUP_HEADINGS: Record<LocationType, string> = { sales: "Sales", service: "Service", parts: "Parts", "": "Other locations" };

function listText(items: readonly string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

export function aboutView(site: Site): AboutView {
  const locations = orderedLocations(site.locations);
  const makes = [...new Set(site.dealerships.flatMap((d) => d.manufacturers))];
  const sites = locations.length === 1 ? "one location" : `${locations.length} locations`;
  const range = makes.length > 0 ? `, representing ${listText(makes)},` : "";
  return {
    kind: "about",
    title: `About ${site.name}`,
    description: `${site.name} is a ${BUSINESS[site.template]} in ${site.city}, ${site.state}.`,
    intro: `${site.name} (${site.company_name}) is a ${BUSINESS[site.template]} based in ${site.city}, ${site.state}${range} with ${sites} you can visit or call.`,
    dealerships: site.dealerships.map((d) => ({ name: d.name, manufacturers: d.manufacturers })),
    locations: locations.map(locationCard),
  };
}

export function dealershipsView(site: Site): DealershipsView {
  return {
    kind: "dealerships",
    title: "Our Dealerships",
    description: `Addresses, phone numbers and opening hours for every ${site.name} location.`,
    groups: groupLocations(site.locations).map((group) => ({
      type: group.type,
      heading: GROUP_HEADINGS[group.type],
      locations: group.locations.map(locationCard),
    })),
    specialHours: specialHoursLines(site),
  };
}
