import { formatDistance } from "~/server/lib/format";
import type { Features, Site } from "~/server/tenants/schema";
import { bodyTypeLabel } from "./body-type";
import { carTypeLabel } from "./car-type";
import type { Vehicle } from "./vehicle";
import { localiseText } from "~/server/lib/spelling";

export type CardChipKey = Features["card_chips"][number];
export type CardChip = { key: CardChipKey; label: string; text: string };

export type ChipVehicle = Pick<Vehicle, "car_type" | "simple_body" | "km" | "simple_transmission" | "stocknum" | "simple_fuel" | "year">;
export type ChipSite = Pick<Site, "features" | "distance_unit" | "locale">;

// Accessible names; the chip shows only its text. Compare uses them as its row labels.
export const CARD_CHIP_LABELS: Record<CardChipKey, string> = {
  car_type: "Condition",
  simple_body: "Body type",
  km: "Odometer",
  simple_transmission: "Transmission",
  stocknum: "Stock number",
  simple_fuel: "Fuel",
  year: "Year",
};

/** How one spec reads to shoppers (the body label rule, the site's distance unit), or null when blank. */
export function chipText(key: CardChipKey, vehicle: ChipVehicle, site: ChipSite): string | null {
  switch (key) {
    case "car_type":
      return carTypeLabel(vehicle.car_type);
    case "km":
      return formatDistance(vehicle.km, site);
    case "year":
      return String(vehicle.year);
    case "simple_body":
      return vehicle.simple_body === null ? null : bodyTypeLabel(vehicle.simple_body);
    default:
      return vehicle[key];
  }
}

/** spec 000 §2: the site's chips (default car_type, simple_body, km, simple_transmission, stocknum), blanks skipped. */
export function cardChips(vehicle: ChipVehicle, site: ChipSite): CardChip[] {
  return site.features.card_chips.flatMap((key) => {
    const text = chipText(key, vehicle, site)?.trim();
    return text ? [{ key, label: CARD_CHIP_LABELS[key], text: localiseText(text, site.locale) }] : [];
  });
}
