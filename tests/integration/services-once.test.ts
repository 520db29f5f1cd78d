import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readdirSync, readlinkSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_PHONE_NUMBER } from "~/server/leads/phone";
import { request } from "./support/http";

// The real production server (build/server.js) in its own process: services are built once at
// start, so after a lead is stored it holds one database handle (SQLite) or one pool (PostgreSQL),
// and after SIGTERM it has closed them and exits 0.
const databaseUrl = process.env.DATABASE_URL;
const port = 30_000 + Math.floor(Math.random() * 20_000);
let dataDir: string;
let schema: string | null = null;
let server: ChildProcess;
let exited: Promise<number | null>;

async function admin<T extends pg.QueryResultRow>(query: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<T>(query, values)).rows;
  } finally {
    await client.end();
  }
}

async function waitForHealth(): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    try {
      if ((await request(port, "localhost", "/healthz")).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("server did not become healthy");
}

/** Open file descriptors of the server process on the SQLite main file. */
function sqliteHandles(pid: number): number {
  const fdDir = `/proc/${pid}/fd`;
  return readdirSync(fdDir).filter((fd) => {
    try {
      return readlinkSync(path.join(fdDir, fd)) === path.join(dataDir, "forecourt.db");
    } catch {
      return false;
    }
  }).length;
}

/** Distinct pools (application_name forecourt:<pid>:<tag>) the server process holds. */
async function postgresPools(pid: number): Promise<number> {
  const rows = await admin<{ pools: string }>(
    "select count(distinct application_name) as pools from pg_stat_activity where application_name like $1",
    [`forecourt:${pid}:%`],
  );
  return Number(rows[0]?.pools ?? 0);
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "forecourt-once-"));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
    LEAD_DELIVERY: "off",
    SESSION_SECRET: "services-once-secret-0123456789",
  };
  if (databaseUrl) {
    schema = `once_${Date.now().toString(36)}`;
    await admin(`create schema ${schema}`);
    const scoped = new URL(databaseUrl);
    scoped.searchParams.set("options", `-c search_path=${schema}`);
    env.DATABASE_URL = scoped.toString();
  } else {
    delete env.DATABASE_URL;
  }
  server = spawn(process.execPath, ["build/server.js"], { env, stdio: ["ignore", "ignore", "pipe"] });
  exited = new Promise((resolve) => server.once("exit", (code) => resolve(code)));
  await waitForHealth();
});

afterAll(async () => {
  if (server.exitCode === null) server.kill("SIGKILL");
  if (schema) await admin(`drop schema ${schema} cascade`);
  rmSync(dataDir, { recursive: true, force: true });
});

describe("services are built once per process", () => {
  it("holds one database handle or pool after a lead is stored, and none after shutdown", async () => {
    const lead = {
      category: "General Enquiry",
      name: "Jane",
      last_name: "Citizen",
      email: "jane@example.com",
      phone: TEST_PHONE_NUMBER,
      message: "Hello",
      location_id: 2101,
      dealership_slug: "harbourside-mazda",
      opt_in: true,
    };
    const reply = await request(port, "harbourside.localhost", "/api/leads", {
      method: "POST",
      body: JSON.stringify({ lead }),
      headers: { "content-type": "application/json", origin: "http://harbourside.localhost" },
    });
    expect(reply.status, reply.body).toBe(201);
    // A search and a vehicle page read the same services again.
    expect((await request(port, "harbourside.localhost", "/search/used-cars")).status).toBe(200);

    const pid = server.pid ?? 0;
    if (databaseUrl) expect(await postgresPools(pid)).toBe(1);
    else expect(sqliteHandles(pid)).toBe(1);

    server.kill("SIGTERM");
    expect(await exited).toBe(0);
    if (databaseUrl) expect(await postgresPools(pid)).toBe(0);
  });
});
