import type { Db } from "~/server/db/connection";
import { pingDb } from "~/server/db/index";
import type { StockStore } from "~/server/inventory/stock-store";

/** Per tenant: when stock last went in and how the last import or scheduled pull ended. */
export type StockHealth = Record<string, { last_import: string | null; status: "applied" | "refused" | null }>;

export type Health = { status: 200; body: { ok: true; db: "ok" | "down"; stock?: StockHealth } };

async function stockHealth(stock: StockStore): Promise<StockHealth> {
  const details: StockHealth = {};
  // The reasons stay in the logs and the CLI: they can name a dealer's feed URL.
  for (const [tenant, state] of await stock.states()) {
    details[tenant] = {
      last_import: state.last_import_at === null ? null : new Date(state.last_import_at).toISOString(),
      status: state.last_status,
    };
  }
  return details;
}

/**
 * GET /healthz: the process is alive and answering — 200 whenever it can answer at all, so an
 * orchestrator's liveness probe never restarts a container because its database blinked (a restart
 * would only wait for the same database). It says whether the database answers and lists each
 * tenant's stock state; whether to send traffic is /readyz's answer (server/http/ready.ts).
 * A refused feed is not unhealthy: the last good stock is served.
 */
export async function healthStatus(handle: Db, stock?: StockStore): Promise<Health> {
  try {
    if (await pingDb(handle)) return { status: 200, body: { ok: true, db: "ok", ...(stock ? { stock: await stockHealth(stock) } : {}) } };
  } catch {
    // the cause is logged by whoever opened the database
  }
  return { status: 200, body: { ok: true, db: "down" } };
}
