import type { Db } from "./connection";
import { sql } from "kysely";

/** For /healthz: a real round trip, bounded so a hung database answers 503 quickly. */
export async function pingDb(handle: Db, timeoutMs = 2000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  const probe = sql`select 1 as ok`
    .execute(handle.db)
    .then(() => true)
    .catch(() => false);
  try {
    return await Promise.race([probe, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export type { Db } from "./connection";
