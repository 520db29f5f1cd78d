import { plural } from "~/server/lib/plural";

// spec 000 §3 "Body types with images": the body values the search knows, each with a picture and
// the path /search/{slug of the lowercased value}.
export const bodyTypes = [
  "4x4",
  "bus",
  "cabChassis",
  "convertible",
  "coupe",
  "hardtop",
  "hatch",
  "hatchback",
  "motorhome",
  "lightTruck",
  "peopleMover",
  "sedan",
  "softtop",
  "suv",
  "ute",
  "van",
  "wagon",
  "stationWagon",
] as const;
export type BodyType = (typeof bodyTypes)[number];

/** A label, and for a label that is an adjective ("Naked") the words a title uses for many. */
type BodyName = { label: string; many?: string };

/**
 * What shoppers read for each body value: the spec's car body types (spec 000 §3), motorcycle
 * styles and camper kinds. Hatch and hatchback read the same, and so do wagon and station wagon,
 * so their tiles merge. Keys are squashed (letters and digits, lower case) so "Cab Chassis",
 * "cabChassis" and "CAB-CHASSIS" are one body.
 */
const names: Readonly<Record<string, BodyName>> = {
  "4x4": { label: "4x4" },
  bus: { label: "Bus" },
  cabchassis: { label: "Cab Chassis" },
  convertible: { label: "Convertible" },
  coupe: { label: "Coupe" },
  hardtop: { label: "Hardtop" },
  hatch: { label: "Hatch" },
  hatchback: { label: "Hatch" },
  motorhome: { label: "Motorhome" },
  lighttruck: { label: "Light Truck" },
  peoplemover: { label: "People Mover" },
  sedan: { label: "Sedan" },
  softtop: { label: "Softtop" },
  suv: { label: "SUV" },
  ute: { label: "Ute" },
  van: { label: "Van" },
  wagon: { label: "Wagon" },
  stationwagon: { label: "Wagon" },
  // motorcycles
  naked: { label: "Naked", many: "Naked Motorcycles" },
  sport: { label: "Sport", many: "Sport Motorcycles" },
  cruiser: { label: "Cruiser" },
  adventure: { label: "Adventure", many: "Adventure Motorcycles" },
  touring: { label: "Touring", many: "Touring Motorcycles" },
  motocross: { label: "Motocross", many: "Motocross Motorcycles" },
  scooter: { label: "Scooter" },
  // campers
  caravan: { label: "Caravan" },
  campertrailer: { label: "Camper Trailer" },
};

function squash(value: string): string {
  return value.toLowerCase().replace(/[^a-z0-9]/g, "");
}

// An unknown value reads as words: "dualCab" → "Dual Cab", "tray top" → "Tray Top"; capitals stay.
function asWords(value: string): string {
  return value
    .trim()
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .split(/[\s_]+/)
    .filter((word) => word !== "")
    .map((word) => `${word.charAt(0).toUpperCase()}${word.slice(1)}`)
    .join(" ");
}

/** The body label shoppers read, for every body value (cars, motorcycles, campers): "suv" → "SUV". */
export function bodyTypeLabel(value: string): string {
  return names[squash(value)]?.label ?? asWords(value);
}

/** Many of one body, for titles: "SUVs", "Buses", "Cab Chassis", "Naked Motorcycles" (spec 000 §9 plural rules). */
export function bodyTypePlural(value: string): string {
  const name = names[squash(value)];
  return name?.many ?? plural(name?.label ?? asWords(value));
}

function knownBodyWithLabel(label: string): string | undefined {
  return bodyTypes.find((body) => names[squash(body)]?.label === label);
}

/**
 * The one value a body refinement holds for values that read the same: "hatchback" → "hatch",
 * "stationWagon" → "wagon" (the first of the spec's values with that label). Any other value,
 * including another spelling of the same word ("SUV"), is kept as stock spells it.
 */
export function canonicalBodyType(value: string): string {
  const key = squash(value);
  const label = names[key]?.label;
  const first = label !== undefined ? knownBodyWithLabel(label) : undefined;
  return first !== undefined && squash(first) !== key ? first : value;
}

/** Every stock value a body refinement matches: "hatch" → hatch and hatchback. */
export function bodyTypeSpellings(value: string): string[] {
  const label = names[squash(value)]?.label;
  if (label === undefined) return [value];
  return [...new Set([value, ...bodyTypes.filter((body) => names[squash(body)]?.label === label)])];
}
