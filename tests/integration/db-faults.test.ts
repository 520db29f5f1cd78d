import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDb, type Db } from "~/server/db/connection";
import { pingDb } from "~/server/db/index";
import { migrateToLatest } from "~/server/db/migrate";
import { MESSAGES } from "~/server/leads/messages";
import { freshIp, html, startFormsApp, validFields, type FormsApp } from "./forms-harness";
import { adminQuery } from "./support/pg-admin";

// The database is checked, not assumed. These open their own SQLite file (and their own
// PostgreSQL schema) whatever DATABASE_URL says, since each fault belongs to one engine.

describe("SQLite faults", () => {
  let dataDir: string;
  let db: Db;
  let app: FormsApp;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "forecourt-faults-"));
    db = openDb({ dataDir, busyWaitMs: 4_000 });
    await migrateToLatest(db);
    app = await startFormsApp({}, { db });
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await db?.db.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("a file locked by another writer: other tenants keep answering, the form answers 503 with the message", async () => {
    // The page's search index is built first, so what the test compares is the lock, not a cold start.
    expect((await app.send("harbourside.localhost", "/search/new-used-and-demo-cars")).status).toBe(200);
    const other = new SQLite(path.join(dataDir, "forecourt.db"));
    other.exec("BEGIN IMMEDIATE");
    try {
      let leadAnswered = false;
      const lead = app
        .postForm("kiwi-motors.localhost", "/contact", validFields("general", app.tenant("kiwi-motors")), { ip: freshIp() })
        .finally(() => (leadAnswered = true));
      const page = await app.send("harbourside.localhost", "/search/new-used-and-demo-cars");
      expect(page.status).toBe(200);
      // The page came back while the lead was still waiting for the lock: nothing froze.
      expect(leadAnswered).toBe(false);
      const reply = await lead;
      expect(reply.status).toBe(503);
      expect(reply.body).toContain(html(MESSAGES.submitError));
      const ready = await app.send("anything", "/readyz");
      expect(ready.status).toBe(503);
    } finally {
      other.exec("ROLLBACK");
      other.close();
    }
    expect(await app.leadCount()).toBe(0);
    expect((await app.send("anything", "/readyz")).status).toBe(200);
  }, 20_000);

  it("a file deleted while running: /readyz 503, /healthz says the database is down, and no lead is acknowledged", async () => {
    expect((await app.send("anything", "/readyz")).status).toBe(200);
    for (const suffix of ["", "-wal", "-shm"]) rmSync(path.join(dataDir, `forecourt.db${suffix}`), { force: true });
    expect((await app.send("anything", "/readyz")).status).toBe(503);
    const health = await app.send("anything", "/healthz");
    expect(health.status).toBe(200);
    expect(JSON.parse(health.body)).toEqual({ ok: true, db: "down" });
    const reply = await app.postForm("kiwi-motors.localhost", "/contact", validFields("general", app.tenant("kiwi-motors")), {
      ip: freshIp(),
    });
    expect(reply.status).toBe(503);
    expect(reply.body).toContain(html(MESSAGES.submitError));
  });
});

describe("PostgreSQL faults", () => {
  const url = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
  const schema = `faults_${Date.now().toString(36)}`;
  const admin = async (query: string) => {
    await adminQuery(url, query);
  };
  const scoped = (options: string) => {
    const next = new URL(url);
    next.searchParams.set("options", options);
    return next.toString();
  };

  afterAll(async () => {
    await admin(`drop schema if exists ${schema} cascade`);
  });

  it("a read-only database fails the health round trip", async () => {
    await admin(`create schema ${schema}`);
    const writable = openDb({ databaseUrl: scoped(`-c search_path=${schema}`), dataDir: tmpdir() });
    const readOnly = openDb({ databaseUrl: scoped(`-c search_path=${schema} -c default_transaction_read_only=on`), dataDir: tmpdir() });
    try {
      await migrateToLatest(writable);
      expect(await pingDb(writable)).toBe(true);
      expect(await pingDb(readOnly)).toBe(false);
    } finally {
      await writable.db.destroy();
      await readOnly.db.destroy();
    }
  });
});
