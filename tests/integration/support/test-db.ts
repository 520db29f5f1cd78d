import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { openDb, type Db } from "~/server/db/connection";
import { migrateToLatest } from "~/server/db/migrate";
import { adminQuery } from "./pg-admin";

export type TestDb = { handle: Db; dataDir: string; cleanup: () => Promise<void> };

export type TestDbOptions = {
  /**
   * Also point the app's own getDb() at this database (DATA_DIR, and DATABASE_URL on PostgreSQL),
   * for tests that drive the real build; it reads them on its first request.
   */
  forApp?: boolean;
};

/**
 * A fresh, migrated database for one test file: a temp SQLite file, or — when DATABASE_URL is set —
 * a new PostgreSQL schema reached through search_path, so runs never share rows. Dropped afterwards.
 */
export async function openTestDb(options: TestDbOptions = {}): Promise<TestDb> {
  const url = process.env.DATABASE_URL;
  const dataDir = mkdtempSync(path.join(tmpdir(), "forecourt-db-"));
  if (options.forApp) process.env.DATA_DIR = dataDir;
  let handle: Db;
  let dropSchema = async () => {};
  if (!url) {
    handle = openDb({ dataDir });
  } else {
    const schema = `t_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
    await adminQuery(url, `create schema ${schema}`);
    const scoped = new URL(url);
    scoped.searchParams.set("options", `-c search_path=${schema}`);
    if (options.forApp) process.env.DATABASE_URL = scoped.toString();
    handle = openDb({ databaseUrl: scoped.toString(), dataDir });
    dropSchema = async () => {
      await adminQuery(url, `drop schema ${schema} cascade`);
      if (options.forApp) process.env.DATABASE_URL = url;
    };
  }
  await migrateToLatest(handle);
  return {
    handle,
    dataDir,
    cleanup: async () => {
      await handle.db.destroy();
      await dropSchema();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A PostgreSQL handle on a port where nothing listens: every query fails, as with a database gone away. */
export function unreachableDb(): Db {
  return openDb({
    databaseUrl: "postgres://postgres@127.0.0.1:1/forecourt_down",
    dataDir: mkdtempSync(path.join(tmpdir(), "forecourt-down-")),
  });
}
