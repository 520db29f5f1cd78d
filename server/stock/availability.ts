import type { Vehicle, VehicleStatus } from "./vehicle";

// spec 000 §4: in_stock and coming_soon count as available.
export const availableStatuses: readonly VehicleStatus[] = ["in_stock", "coming_soon"];

export function isAvailable(vehicle: Pick<Vehicle, "status">): boolean {
  return availableStatuses.includes(vehicle.status);
}

/** Sold by status or by the sold flag (imports can disagree; either one means sold). */
export function isSold(vehicle: Pick<Vehicle, "status" | "sold">): boolean {
  return vehicle.status === "sold" || vehicle.sold;
}
