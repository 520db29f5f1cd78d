import type { DriveKind, FuelKind, ModelSpec, VehicleKind } from "./vehicle-catalogue";

export function slugify(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

const fuelLabels: Record<FuelKind, { fuel: string; simple: string }> = {
  petrol: { fuel: "Petrol - Unleaded ULP", simple: "Petrol" },
  premium: { fuel: "Petrol - Premium ULP", simple: "Petrol" },
  diesel: { fuel: "Diesel", simple: "Diesel" },
  hybrid: { fuel: "Hybrid (Petrol/Electric)", simple: "Hybrid" },
  electric: { fuel: "Electric", simple: "Electric" },
};

export function fuelLabel(fuel: FuelKind | null): { fuel: string | null; simple: string | null } {
  return fuel === null ? { fuel: null, simple: null } : fuelLabels[fuel];
}

const driveLabels: Record<DriveKind, string> = {
  FWD: "Front Wheel Drive",
  RWD: "Rear Wheel Drive",
  AWD: "All Wheel Drive",
  "4WD": "Four Wheel Drive",
  Chain: "Chain Drive",
  Belt: "Belt Drive",
  Shaft: "Shaft Drive",
};

export function driveLabel(drive: DriveKind | null): string | null {
  return drive === null ? null : driveLabels[drive];
}

export function simpleTransmission(transmission: string | null): string | null {
  if (transmission === null) return null;
  return /Manual/.test(transmission) && !/Automated/.test(transmission) ? "Manual" : "Automatic";
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

export const colours: Record<VehicleKind, readonly string[]> = {
  car: ["White", "Silver", "Black", "Grey", "Blue", "Red", "Graphite", "Bronze", "Green", "Orange"],
  "4x4": ["White", "Silver", "Grey", "Black", "Sandy Taupe", "Eclipse Black", "Merlin Blue"],
  motorcycle: ["Black", "Red", "White", "Blue", "Grey", "Orange", "Green"],
  camper: ["White", "Silver", "White with Grey Stripe", "Charcoal"],
};

export const featurePool: Record<VehicleKind, readonly string[]> = {
  car: [
    "Bluetooth", "Apple CarPlay", "Android Auto", "Reversing Camera", "Cruise Control", "Adaptive Cruise Control",
    "Sat Nav", "Leather Seats", "Heated Seats", "Sunroof", "Tow Bar", "Lane Keep Assist", "Blind Spot Monitor",
    "Keyless Entry", "Alloy Wheels", "360 Degree Camera", "Wireless Charging",
  ],
  "4x4": [
    "Bull Bar", "Snorkel", "Winch", "Lift Kit", "Roof Racks", "Dual Battery", "Long Range Fuel Tank", "Canopy",
    "Drawer System", "Driving Lights", "Tow Bar", "Rated Recovery Points", "Diff Lockers", "Underbody Protection",
  ],
  motorcycle: [
    "ABS", "Traction Control", "Quick Shifter", "Cruise Control", "Heated Grips", "LAMS Approved", "Riding Modes",
    "TFT Display", "Keyless Ignition", "Panniers", "Slipper Clutch",
  ],
  camper: [
    "Ensuite", "Solar Panels", "Lithium Battery", "Air Conditioning", "Bunks", "Awning", "Diesel Heater",
    "Off Grid", "Washing Machine", "External Kitchen", "Water Tanks", "Slide-Out",
  ],
};

const premiumMakes = new Set(["Mercedes-Benz", "BMW", "Audi", "Land Rover", "Tesla", "Ducati", "Harley-Davidson"]);

const bodyCategory: Record<string, string> = {
  suv: "SUV", ute: "Ute", cabChassis: "Work", van: "Work", lightTruck: "Work", bus: "Work", peopleMover: "Family",
  hatch: "City", hatchback: "City", sedan: "Sedan", wagon: "Family", stationWagon: "Family", coupe: "Sports",
  convertible: "Sports", hardtop: "Off Road", softtop: "Off Road", "4x4": "Off Road", motorhome: "Motorhome",
  caravan: "Caravan", camperTrailer: "Camper Trailer", naked: "Naked", sport: "Sport", cruiser: "Cruiser",
  adventure: "Adventure", touring: "Touring", motocross: "Off Road", scooter: "Scooter",
};

export function categoriesFor(spec: ModelSpec, price: number | null): string[] {
  const out = new Set<string>();
  const fromBody = bodyCategory[spec.body];
  if (fromBody) out.add(fromBody);
  if ((spec.seats ?? 0) >= 7 && spec.kind !== "motorcycle") out.add("7 Seater");
  if (spec.fuel === "hybrid" || spec.fuel === "electric") out.add("Eco Friendly");
  if (spec.drive === "4WD") out.add("Off Road");
  if (premiumMakes.has(spec.make)) out.add("Luxury");
  if (price !== null && price > 10 && price < 20000) out.add("Budget");
  return [...out].sort();
}

export function describe(parts: {
  name: string;
  colour: string;
  features: readonly string[];
  carType: string;
  location: string;
  kind: VehicleKind;
}): string {
  const opening =
    parts.carType === "new"
      ? `Brand new ${parts.name} in ${parts.colour}.`
      : parts.carType === "demo"
        ? `Ex-demonstrator ${parts.name} in ${parts.colour}, with the balance of the factory warranty.`
        : `Well-kept ${parts.name} in ${parts.colour}.`;
  const features = parts.features.length > 0 ? ` Highlights include ${parts.features.join(", ")}.` : "";
  const close =
    parts.kind === "camper"
      ? "Inspect it today and ask us about a full handover and test tow."
      : parts.kind === "motorcycle"
        ? "Book a test ride or ask us about riding gear packages."
        : "Book a test drive today or ask us about finance and trade-ins.";
  return `${opening}${features} Available at ${parts.location}. ${close}`;
}
