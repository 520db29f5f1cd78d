/** `npm run db:migrate`: applies pending migrations to the configured database (SQLite file or DATABASE_URL). */
import { readEnv } from "../server/lib/env";
import { openDb } from "../server/db/connection";
import { migrateToLatest } from "../server/db/migrate";

const settings = readEnv();
const handle = openDb({ databaseUrl: settings.DATABASE_URL, dataDir: settings.DATA_DIR });
try {
  const applied = await migrateToLatest(handle);
  process.stdout.write(`${handle.kind} ${handle.target}: ${applied.length === 0 ? "up to date" : `applied ${applied.join(", ")}`}\n`);
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
} finally {
  await handle.db.destroy();
}
