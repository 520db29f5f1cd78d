import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { openDb, type Db } from "../../../server/db/connection";
import { migrateToLatest } from "../../../server/db/migrate";

export type TestDb = { handle: Db; cleanup: () => Promise<void> };

/**
 * A fresh, migrated database for one test file: a temp SQLite file, or — when DATABASE_URL is set —
 * a new PostgreSQL schema, so parallel runs and earlier runs never share rows.
 */
export async function openTestDb(): Promise<TestDb> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const dir = mkdtempSync(path.join(tmpdir(), "forecourt-db-"));
    const handle = openDb({ dataDir: dir });
    await migrateToLatest(handle);
    return { handle, cleanup: () => handle.db.destroy() };
  }
  const schema = `t_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const scoped = new URL(url);
  scoped.searchParams.set("options", `-c search_path=${schema}`);
  const handle = openDb({ databaseUrl: scoped.toString(), dataDir: tmpdir() });
  await migrateToLatest(handle);
  return {
    handle,
    cleanup: async () => {
      await handle.db.destroy();
      const drop = new pg.Client({ connectionString: url });
      await drop.connect();
      await drop.query(`drop schema ${schema} cascade`);
      await drop.end();
    },
  };
}
