import { randomBytes } from "node:crypto";
import { mkdirSync } from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import pg from "pg";
import { Kysely, PostgresDialect } from "kysely";
import type { OutageNotice } from "~/server/lib/outage-notice";
import { GuardedSqliteDialect, reusingStatements } from "./sqlite-dialect";
import type { Database } from "./types";

// Timestamps are epoch milliseconds in bigint columns; they fit a JS number, so read them as one on PostgreSQL too.
pg.types.setTypeParser(pg.types.builtins.INT8, (value: string) => Number(value));

export type DbKind = "sqlite" | "postgres";

export type Db = {
  kind: DbKind;
  db: Kysely<Database>;
  /** Human-readable target for logs: the file path or the host/database, never the password. */
  target: string;
};

export type DbOptions = {
  databaseUrl?: string;
  dataDir: string;
  sqliteFile?: string;
  /** SQLite: how long a write waits for another process's lock, off the event loop (default 3 s). */
  busyWaitMs?: number;
  /** PostgreSQL: told when a connection is lost and when a new one is made (the server logs each change once). */
  outage?: OutageNotice;
};

const DEFAULT_BUSY_WAIT_MS = 3_000;

function describePostgres(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || "5432"}${parsed.pathname}`;
  } catch {
    return "postgres";
  }
}

export function openDb(options: DbOptions): Db {
  if (options.databaseUrl) {
    // Each pool names itself (process id + a random tag) in pg_stat_activity, so an operator — and
    // the services test — can see how many pools one process holds.
    const applicationName = `forecourt:${process.pid}:${randomBytes(3).toString("hex")}`;
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      connectionTimeoutMillis: 3000,
      application_name: applicationName,
      // A database host that vanishes without a reset (a dropped route) is noticed, not waited on forever.
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    const outage = options.outage;
    // pg emits 'error' on a client whose connection ends (terminated backend, reset, proxy gone);
    // with no listener that event ends the process. The pool listens only while a client is idle, so
    // each client gets a listener of its own for its whole life — checked out, inside a transaction,
    // or idle. The query that was running fails with the error (its request answers 503) and the pool
    // drops the client on release, since it is no longer queryable.
    pool.on("connect", (client) => {
      client.on("error", (error: Error) => outage?.down(error));
      outage?.up();
    });
    pool.on("error", (error: Error) => outage?.down(error));
    return {
      kind: "postgres",
      db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }),
      target: describePostgres(options.databaseUrl),
    };
  }
  const file = options.sqliteFile ?? path.join(options.dataDir, "forecourt.db");
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  // Waiting for a lock happens in GuardedSqliteDialect, asynchronously: better-sqlite3's own busy
  // timeout would block the whole process while it waits.
  const database = new SQLite(file, { timeout: 0 });
  database.pragma("journal_mode = WAL");
  database.pragma("foreign_keys = ON");
  const dialect = new GuardedSqliteDialect(
    { database: reusingStatements(database) },
    { file, busyWaitMs: options.busyWaitMs ?? DEFAULT_BUSY_WAIT_MS },
  );
  return { kind: "sqlite", db: new Kysely<Database>({ dialect }), target: file };
}
