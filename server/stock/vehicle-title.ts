import type { Vehicle } from "./vehicle";

/** spec 000 §2: the card shows year, make, model, badge, series — missing parts skipped. */
export function vehicleTitle(vehicle: Pick<Vehicle, "year" | "make" | "model" | "badge" | "series">): string {
  return [String(vehicle.year), vehicle.make, vehicle.model, vehicle.badge, vehicle.series]
    .map((part) => part?.trim() ?? "")
    .filter((part) => part !== "")
    .join(" ");
}
