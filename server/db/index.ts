import type { Db } from "./connection";
import { sql } from "kysely";

/**
 * For /healthz: a write round trip — a no-op UPDATE of the migration lock row, so a
 * read-only database, a lock held past the wait, or (SQLite) a deleted or replaced file answers
 * 503 — bounded so a hung database answers quickly.
 */
export async function pingDb(handle: Db, timeoutMs = 2000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  const probe = sql`update kysely_migration_lock set is_locked = is_locked`
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
