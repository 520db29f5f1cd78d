import type { Site } from "~/server/tenants/schema";
import { bodyTypeLabel, bodyTypes } from "~/server/stock/body-type";

// The facet values a feed row does not carry, derived the way the demo stock spells them
// (scripts/lib/vehicle-labels.ts), so imported and demo vehicles share one set of facet values.

/** Letters and digits only, lowercased. */
function squash(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]/g, "");
}

const bodyByKey = new Map<string, string>(bodyTypes.map((body) => [squash(body), body]));
// What dealer tools write for the spec 000 §3 body types.
const bodySynonyms: Record<string, string> = {
  utility: "ute",
  pickup: "ute",
  dualcab: "ute",
  doublecab: "ute",
  singlecab: "cabChassis",
  cabchassisute: "cabChassis",
  sportsutility: "suv",
  sportsutilityvehicle: "suv",
  wagon4x4: "4x4",
  liftback: "hatchback",
  hatchback5dr: "hatchback",
  estate: "stationWagon",
  cabriolet: "convertible",
  roadster: "convertible",
  minivan: "peopleMover",
  mpv: "peopleMover",
  campervan: "motorhome",
  truck: "lightTruck",
};

/** A body value as the search knows it ("Cab Chassis" → cabChassis, "Utility" → ute), else the feed's own text. */
export function bodyType(raw: string): string {
  const key = squash(raw);
  return bodyByKey.get(key) ?? bodySynonyms[key] ?? raw;
}

/** Petrol, Diesel, Hybrid, Electric or LPG from any fuel description; other text stays as written. */
export function simpleFuel(fuel: string): string {
  const text = fuel.toLowerCase();
  if (/hybrid|phev|hev\b/.test(text)) return "Hybrid";
  if (/electric|\bev\b|\bbev\b/.test(text)) return "Electric";
  if (/diesel/.test(text)) return "Diesel";
  if (/lpg|autogas/.test(text)) return "LPG";
  if (/petrol|unleaded|\bulp\b|gasoline|\bgas\b|premium/.test(text)) return "Petrol";
  return fuel;
}

const driveLabels: Record<string, string> = {
  FWD: "Front Wheel Drive",
  RWD: "Rear Wheel Drive",
  AWD: "All Wheel Drive",
  "4WD": "Four Wheel Drive",
};

/** The drive code (FWD, RWD, AWD, 4WD) a description means, or null when it names none. */
export function driveCode(drive: string): string | null {
  const text = squash(drive);
  if (/^(fwd|frontwheeldrive|front|4x2front)$/.test(text) || text.includes("frontwheel")) return "FWD";
  if (/^(rwd|rearwheeldrive|rear|4x2|4x2rear)$/.test(text) || text.includes("rearwheel")) return "RWD";
  if (/^(awd|allwheeldrive)$/.test(text) || text.includes("allwheel")) return "AWD";
  if (/^(4wd|4x4|fourwheeldrive)$/.test(text) || text.includes("fourwheel")) return "4WD";
  return null;
}

/** The drive as shown: a code spelt out ("AWD" → "All Wheel Drive"), any other text as written. */
export function driveLabel(drive: string): string {
  return driveLabels[drive.toUpperCase()] ?? drive;
}

/** Manual or Automatic, as scripts/lib/vehicle-labels.ts decides it: only a non-automated manual is Manual. */
export function simpleTransmission(transmission: string): string {
  return /manual|^m$|^mt$/i.test(transmission.trim()) && !/automated/i.test(transmission) ? "Manual" : "Automatic";
}

const priceBuckets: Array<[number, string]> = [
  [10000, "Under $10,000"],
  [20000, "$10,000 - $20,000"],
  [30000, "$20,000 - $30,000"],
  [40000, "$30,000 - $40,000"],
  [50000, "$40,000 - $50,000"],
  [75000, "$50,000 - $75,000"],
  [100000, "$75,000 - $100,000"],
];

/** The price menu bucket (spec 000 §2 price_range facet); none for a price not shown (10 or less). */
export function priceRange(price: number | null): string | null {
  if (price === null || price <= 10) return null;
  return priceBuckets.find(([below]) => price < below)?.[1] ?? "$100,000+";
}

const weeklyBuckets: Array<[number, string]> = [
  [100, "Under $100"],
  [150, "$100 - $150"],
  [200, "$150 - $200"],
  [250, "$200 - $250"],
  [300, "$250 - $300"],
];

export function weeklyPriceRange(weekly: number | null): string | null {
  if (weekly === null) return null;
  return weeklyBuckets.find(([below]) => weekly < below)?.[1] ?? "$300+";
}

const premiumMakes = new Set([
  "mercedesbenz",
  "bmw",
  "audi",
  "landrover",
  "tesla",
  "ducati",
  "harleydavidson",
  "porsche",
  "lexus",
  "volvo",
]);

// Bodies whose category is a group of bodies; any other body is its own category, under its label.
const bodyGroups: Record<string, string> = {
  cabChassis: "Work",
  van: "Work",
  lightTruck: "Work",
  bus: "Work",
  peopleMover: "Family",
  hatch: "City",
  hatchback: "City",
  wagon: "Family",
  stationWagon: "Family",
  coupe: "Sports",
  convertible: "Sports",
  hardtop: "Off Road",
  softtop: "Off Road",
  "4x4": "Off Road",
  motocross: "Off Road",
};

/**
 * The categories facet — one rule for imported and generated stock: the body's group (or the body
 * itself), 7 seats, eco fuel, 4WD, a premium make, under $20,000.
 */
export function categoriesFor(vehicle: {
  body: string | null;
  seats: number | null;
  simple_fuel: string | null;
  simple_drive: string | null;
  make: string;
  price: number | null;
  item_type: string;
}): string[] {
  const out = new Set<string>();
  if (vehicle.body !== null) out.add(bodyGroups[vehicle.body] ?? bodyTypeLabel(vehicle.body));
  if ((vehicle.seats ?? 0) >= 7 && vehicle.item_type !== "motorcycle") out.add("7 Seater");
  if (vehicle.simple_fuel === "Hybrid" || vehicle.simple_fuel === "Electric") out.add("Eco Friendly");
  if (vehicle.simple_drive === "4WD") out.add("Off Road");
  if (premiumMakes.has(squash(vehicle.make))) out.add("Luxury");
  if (vehicle.price !== null && vehicle.price > 10 && vehicle.price < 20000) out.add("Budget");
  return [...out].sort();
}

const itemTypes: Record<Site["template"], string> = { car: "car", truck: "car", "4x4": "car", motorcycle: "motorcycle", camper: "camper" };

/** item_type facet: what the site sells (a 4x4 or truck dealer's stock is cars). */
export function itemType(site: Pick<Site, "template">): string {
  return itemTypes[site.template];
}
