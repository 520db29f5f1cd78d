import type { Db } from "./db/connection";
import type { TenantDirectory } from "./tenants/resolve";

type Stopper = () => Promise<void> | void;
const stoppers: Stopper[] = [];

/** Work the server runs beside requests (the lead outbox deliverer); stopped before the database closes. */
export function startBackgroundWork(_tenants: TenantDirectory, _getDb: () => Promise<Db>): void {
  // The lead deliverer registers here once the lead pipeline lands.
}

export function registerStopper(stop: Stopper): void {
  stoppers.push(stop);
}

export async function stopBackgroundWork(): Promise<void> {
  await Promise.all(stoppers.splice(0).map((stop) => stop()));
}
