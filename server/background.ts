import type { Db } from "./db/connection";
import { startDeliverer } from "./leads/delivery/deliverer";
import { env } from "./lib/env";
import { logger } from "./lib/logger";
import type { TenantDirectory } from "./tenants/resolve";

// Often enough that a dealer sees a lead within seconds; the backoff schedule lives in the outbox rows.
const DELIVERY_INTERVAL_MS = 5_000;

type Stopper = () => Promise<void>;
const stoppers: Stopper[] = [];

/** Work the server runs beside requests: the lead outbox deliverer (unless LEAD_DELIVERY=off). */
export function startBackgroundWork(tenants: TenantDirectory, getDb: () => Promise<Db>): void {
  if (env().LEAD_DELIVERY === "off") {
    logger.info("lead delivery is off in this process; run npm run leads:deliver to drain the outbox");
    return;
  }
  const deliverer = startDeliverer(getDb, [...tenants.tenants], DELIVERY_INTERVAL_MS);
  stoppers.push(deliverer.stop);
}

/** Stopped before the database closes, so no delivery is cut off mid-write. */
export async function stopBackgroundWork(): Promise<void> {
  await Promise.all(stoppers.splice(0).map((stop) => stop()));
}
