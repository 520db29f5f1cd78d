import type { Site } from "~/server/tenants/schema";
import type { Vehicle } from "./vehicle";

/**
 * spec 000 §2: the tenant's finance route with preferredDealership, vehiclePriceBudget, car_id,
 * car_type and the #finance-form anchor.
 */
export function financeHref(vehicle: Pick<Vehicle, "id" | "dealership_slug" | "price" | "car_type">, site: Pick<Site, "features">): string {
  const query = new URLSearchParams({
    preferredDealership: vehicle.dealership_slug,
    vehiclePriceBudget: vehicle.price === null ? "" : String(vehicle.price),
    car_id: String(vehicle.id),
    car_type: vehicle.car_type,
  });
  return `${site.features.finance_route}?${query}#finance-form`;
}
