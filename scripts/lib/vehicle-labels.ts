import type { DriveKind, FuelKind, VehicleKind } from "./vehicle-catalogue";

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

function words(text: string | null): string[] {
  return text === null ? [] : text.split(/\s+/).filter((word) => word !== "");
}

/**
 * The badge and series a title shows after year, make and model (server/stock/vehicle-title.ts),
 * without repeating a word already said: a base grade named after the model is no badge
 * ("Hyundai Venue QX", not "Venue Venue QX"), "Load Crew" on a Staria Load is "Crew", and a series
 * equal to the badge is dropped.
 */
export function titleBadgeAndSeries(
  make: string,
  model: string,
  badge: string,
  series: string | null,
): { badge: string | null; series: string | null } {
  const said = new Set(words(`${make} ${model}`).map((word) => word.toLowerCase()));
  const badgeWords = words(badge).filter((word) => !said.has(word.toLowerCase()));
  for (const word of badgeWords) said.add(word.toLowerCase());
  const seriesWords = words(series);
  const repeats = seriesWords.length > 0 && seriesWords.every((word) => said.has(word.toLowerCase()));
  return { badge: badgeWords.length > 0 ? badgeWords.join(" ") : null, series: repeats ? null : series };
}

export const colours: Record<VehicleKind, readonly string[]> = {
  car: ["White", "Silver", "Black", "Grey", "Blue", "Red", "Graphite", "Bronze", "Green", "Orange"],
  "4x4": ["White", "Silver", "Grey", "Black", "Sandy Taupe", "Eclipse Black", "Merlin Blue"],
  motorcycle: ["Black", "Red", "White", "Blue", "Grey", "Orange", "Green"],
  camper: ["White", "Silver", "White with Grey Stripe", "Charcoal"],
};

export const featurePool: Record<VehicleKind, readonly string[]> = {
  car: [
    "Bluetooth",
    "Apple CarPlay",
    "Android Auto",
    "Reversing Camera",
    "Cruise Control",
    "Adaptive Cruise Control",
    "Sat Nav",
    "Leather Seats",
    "Heated Seats",
    "Sunroof",
    "Tow Bar",
    "Lane Keep Assist",
    "Blind Spot Monitor",
    "Keyless Entry",
    "Alloy Wheels",
    "360 Degree Camera",
    "Wireless Charging",
  ],
  "4x4": [
    "Bull Bar",
    "Snorkel",
    "Winch",
    "Lift Kit",
    "Roof Racks",
    "Dual Battery",
    "Long Range Fuel Tank",
    "Canopy",
    "Drawer System",
    "Driving Lights",
    "Tow Bar",
    "Rated Recovery Points",
    "Diff Lockers",
    "Underbody Protection",
  ],
  motorcycle: [
    "ABS",
    "Traction Control",
    "Quick Shifter",
    "Cruise Control",
    "Heated Grips",
    "LAMS Approved",
    "Riding Modes",
    "TFT Display",
    "Keyless Ignition",
    "Panniers",
    "Slipper Clutch",
  ],
  camper: [
    "Ensuite",
    "Solar Panels",
    "Lithium Battery",
    "Air Conditioning",
    "Bunks",
    "Awning",
    "Diesel Heater",
    "Off Grid",
    "Washing Machine",
    "External Kitchen",
    "Water Tanks",
    "Slide-Out",
  ],
};

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
