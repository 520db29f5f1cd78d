import type { Site } from "~/server/tenants/schema";
import type { Vehicle } from "./vehicle";

/**
 * spec 000 §4 card tag "certified used image for one manufacturer" and §2 "a certified-used
 * information modal for one manufacturer": the site's one manufacturer (features.certified_used_manufacturer),
 * as the site spells it, when this vehicle is certified and of that make; else null.
 */
export function certifiedUsedMake(vehicle: Pick<Vehicle, "certified" | "make">, site: Pick<Site, "features">): string | null {
  const manufacturer = site.features.certified_used_manufacturer;
  if (!vehicle.certified || manufacturer === null) return null;
  return vehicle.make.trim().toLowerCase() === manufacturer.trim().toLowerCase() ? manufacturer : null;
}

/** The words of the certified-used banner and modal, the spec's own: "Toyota Certified Used". */
export function certifiedUsedLabel(manufacturer: string): string {
  return `${manufacturer} Certified Used`;
}

/** The card's certified-used badge (public/certified-used.svg); its alt text is the label. */
export const CERTIFIED_USED_BADGE = "/certified-used.svg";
