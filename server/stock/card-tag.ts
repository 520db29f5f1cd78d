import type { Site } from "~/server/tenants/schema";
import { isSold } from "./availability";
import { certifiedUsedLabel, certifiedUsedMake } from "./certified-used";
import { isTestDriveOnly, TEST_DRIVE_ONLY_TAG } from "./test-drive-only";
import type { Vehicle } from "./vehicle";

// spec 000 §4, spec 001 §9: tag names.
export const SOLD_TAG = "JUST SOLD";
export const RESERVED_TAG = "Reserved";
export const COMING_SOON_TAG = "COMING SOON";
// The spec names the rule, not the words: "New" on a used car read as its condition (a US shopper
// took a 2019 car tagged NEW for a new one), so the tag says what it means (docs/decisions.md).
export const NEW_TAG = "New arrival";
export const FUEL_TAGS = ["Electric", "Hybrid"] as const;
export type FuelTag = (typeof FUEL_TAGS)[number];

// spec 000 §9: new tag window 8 days; a vehicle exactly 8 days old still counts as new.
export const NEW_TAG_WINDOW_MS = 8 * 86_400_000;

export type CardTag =
  | { kind: "sold"; text: typeof SOLD_TAG }
  | { kind: "fuel"; text: FuelTag }
  | { kind: "reserved"; text: typeof RESERVED_TAG }
  | { kind: "certified-image"; manufacturer: string; text: string }
  | { kind: "tag"; text: string }
  | { kind: "coming-soon"; text: typeof COMING_SOON_TAG }
  | { kind: "new"; text: typeof NEW_TAG };

type TagVehicle = Pick<
  Vehicle,
  "status" | "sold" | "reserved" | "certified" | "make" | "tag" | "simple_fuel" | "fuel" | "created_at_timestamp"
>;

/** Electric or Hybrid from simple_fuel, or from the free-text fuel when simple_fuel is missing. */
export function fuelTag(vehicle: Pick<Vehicle, "simple_fuel" | "fuel">): FuelTag | null {
  const simple = vehicle.simple_fuel?.trim().toLowerCase();
  if (simple) return FUEL_TAGS.find((tag) => tag.toLowerCase() === simple) ?? null;
  const fuel = vehicle.fuel?.toLowerCase() ?? "";
  if (fuel.includes("hybrid")) return "Hybrid";
  if (fuel.includes("electric")) return "Electric";
  return null;
}

/**
 * spec 000 §4 card tag, first match wins. A sold vehicle always gets 'JUST SOLD' first, since
 * its sale outranks any other banner; then fuel (when features.fuel_tags), Reserved, the
 * certified-used image, the vehicle's own tag, 'COMING SOON', 'New' within 8 days, else none.
 */
export function cardTag(vehicle: TagVehicle, site: Pick<Site, "features">, now: number): CardTag | null {
  if (isSold(vehicle)) return { kind: "sold", text: SOLD_TAG };
  const fuel = site.features.fuel_tags ? fuelTag(vehicle) : null;
  if (fuel) return { kind: "fuel", text: fuel };
  if (vehicle.reserved) return { kind: "reserved", text: RESERVED_TAG };
  const manufacturer = certifiedUsedMake(vehicle, site);
  if (manufacturer !== null) return { kind: "certified-image", manufacturer, text: certifiedUsedLabel(manufacturer) };
  const ownTag = vehicle.tag?.trim();
  if (ownTag) return { kind: "tag", text: isTestDriveOnly(vehicle) ? TEST_DRIVE_ONLY_TAG : ownTag };
  if (vehicle.status === "coming_soon") return { kind: "coming-soon", text: COMING_SOON_TAG };
  if (now - vehicle.created_at_timestamp <= NEW_TAG_WINDOW_MS) return { kind: "new", text: NEW_TAG };
  return null;
}
