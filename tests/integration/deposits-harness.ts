import { reserveDeposit } from "~/server/reserve/deposit";
import { canReserve } from "~/server/stock/can-reserve";
import { isListed } from "~/server/stock/is-listed";
import type { Vehicle } from "~/server/stock/vehicle";
import type { FormsApp } from "./forms-harness";

/** The site's listed cars a shopper can reserve with a deposit now. */
export async function reservableOn(app: FormsApp, slug: string): Promise<Vehicle[]> {
  const tenant = app.tenant(slug);
  const now = Date.now();
  const vehicles = await app.services.stock.loadVehicles(slug);
  return vehicles.filter(
    (v) => isListed(v, tenant.site, now) && canReserve(v, tenant.site) && reserveDeposit(v.payment_processors) !== null,
  );
}
