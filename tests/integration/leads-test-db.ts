import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { openDb, type Db } from "../../server/db/connection";
import { migrateToLatest } from "../../server/db/migrate";

export type TestDb = Db & { cleanup: () => Promise<void> };

/**
 * A migrated database of its own: a temp SQLite file, or with DATABASE_URL a fresh PostgreSQL schema
 * reached through search_path, dropped afterwards.
 */
export async function openTestDb(): Promise<TestDb> {
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) {
    const schema = `leads_test_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    const url = new URL(databaseUrl);
    url.searchParams.set("options", `-c search_path=${schema}`);
    const handle = openDb({ databaseUrl: url.toString(), dataDir: tmpdir() });
    await migrateToLatest(handle);
    return {
      ...handle,
      cleanup: async () => {
        await handle.db.destroy();
        const dropper = new pg.Client({ connectionString: databaseUrl });
        await dropper.connect();
        await dropper.query(`drop schema ${schema} cascade`);
        await dropper.end();
      },
    };
  }
  const dir = mkdtempSync(path.join(tmpdir(), "leads-test-"));
  const handle = openDb({ dataDir: dir, sqliteFile: path.join(dir, "test.db") });
  await migrateToLatest(handle);
  return {
    ...handle,
    cleanup: async () => {
      await handle.db.destroy();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
