import type { Site } from "~/server/tenants/schema";
import type { Vehicle } from "./vehicle";

// spec 000 §2: the location name is shown with ' - Sales' removed.
const SALES_SUFFIX = " - Sales";

function cityAndState(vehicle: Pick<Vehicle, "city" | "state">): string {
  return [vehicle.city, vehicle.state]
    .map((part) => part.trim())
    .filter((part) => part !== "")
    .join(", ");
}

/**
 * spec 000 §2 location overlay: city and state ("Sydney, NSW"), or on sites set to
 * 'location_name' the dealership location name without ' - Sales' (city and state if that is empty).
 */
export function locationLabel(vehicle: Pick<Vehicle, "city" | "state" | "location_name">, site: Pick<Site, "features">): string {
  if (site.features.location_overlay === "location_name") {
    const name = vehicle.location_name.split(SALES_SUFFIX).join("").trim();
    if (name) return name;
  }
  return cityAndState(vehicle);
}
