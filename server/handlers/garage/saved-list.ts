import type { AppLoadContext } from "@remix-run/node";
import { savedCarView, type SavedCarView } from "~/server/garage/saved-car-view";
import type { Shopper } from "./shopper";

/** The shopper's saved cars, newest first, with current price, status and marker. */
export async function savedCarsOf(context: AppLoadContext, shopper: Shopper): Promise<SavedCarView[]> {
  const tenant = context.tenant.slug;
  const rows = await context.services.garage.saved.rows(tenant, shopper.owner);
  const vehicles = await context.services.stock.vehiclesByIds(
    tenant,
    rows.map((row) => row.vehicle_id),
  );
  const byId = new Map(vehicles.map((vehicle) => [vehicle.id, vehicle]));
  return rows.map((row) => savedCarView(row, byId.get(row.vehicle_id) ?? null, context.tenant.site));
}
