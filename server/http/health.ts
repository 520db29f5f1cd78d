import type { Db } from "../db/connection";
import { pingDb } from "../db/index";

export type Health = { status: 200 | 503; body: { ok: boolean; db: "ok" | "down" } };

/** GET /healthz: touches the database so an orchestrator restarts a container that lost it. */
export async function healthStatus(handle: Db): Promise<Health> {
  try {
    if (await pingDb(handle)) return { status: 200, body: { ok: true, db: "ok" } };
  } catch {
    // falls through to 503: the cause is logged by whoever opened the database
  }
  return { status: 503, body: { ok: false, db: "down" } };
}
