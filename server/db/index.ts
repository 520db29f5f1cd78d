import { env } from "../lib/env";
import { openDb, type Db } from "./connection";
import { migrateToLatest } from "./migrate";
import { sql } from "kysely";

let current: Db | undefined;
let ready: Promise<Db> | undefined;

/** The process-wide database, migrated once. */
export function getDb(): Promise<Db> {
  ready ??= (async () => {
    const settings = env();
    current = openDb({ databaseUrl: settings.DATABASE_URL, dataDir: settings.DATA_DIR });
    await migrateToLatest(current);
    return current;
  })();
  return ready;
}

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

export async function closeDb(): Promise<void> {
  const handle = current;
  current = undefined;
  ready = undefined;
  if (handle) await handle.db.destroy();
}

export type { Db } from "./connection";
