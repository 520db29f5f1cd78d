import { readdirSync, readlinkSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_PHONE_NUMBER } from "~/server/leads/phone";
import { prepareServerStore, startBuiltServer, stopBuiltServer, type BuiltServer, type ServerStore } from "./support/built-server";
import { request } from "./support/http";

// The real production server (build/server.js) in its own process: services are built once at
// start, so after a lead is stored it holds one database handle (SQLite) or one pool (PostgreSQL),
// and after SIGTERM it has closed them and exits 0.
let store: ServerStore;
let server: BuiltServer;

/** Open file descriptors of the server process on the SQLite main file. */
function sqliteHandles(pid: number): number {
  const fdDir = `/proc/${pid}/fd`;
  return readdirSync(fdDir).filter((fd) => {
    try {
      return readlinkSync(path.join(fdDir, fd)) === path.join(store.dataDir, "forecourt.db");
    } catch {
      return false;
    }
  }).length;
}

/** Distinct pools (application_name forecourt:<pid>:<tag>) the server process holds. */
async function postgresPools(pid: number): Promise<number> {
  const rows = await store.admin<{ pools: string }>(
    "select count(distinct application_name) as pools from pg_stat_activity where application_name like $1",
    [`forecourt:${pid}:%`],
  );
  return Number(rows[0]?.pools ?? 0);
}

beforeAll(async () => {
  store = await prepareServerStore("once", {});
  server = await startBuiltServer(store.env, { stdio: ["ignore", "ignore", "pipe"] });
}, 60_000);

afterAll(async () => {
  stopBuiltServer(server);
  await store.cleanup();
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
    const reply = await request(server.port, "harbourside.localhost", "/api/leads", {
      method: "POST",
      body: JSON.stringify({ lead }),
      headers: { "content-type": "application/json", origin: "http://harbourside.localhost" },
    });
    expect(reply.status, reply.body).toBe(201);
    // A search and a vehicle page read the same services again.
    expect((await request(server.port, "harbourside.localhost", "/search/used-cars")).status).toBe(200);

    const pid = server.process.pid ?? 0;
    if (store.databaseUrl) expect(await postgresPools(pid)).toBe(1);
    else expect(sqliteHandles(pid)).toBe(1);

    server.process.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    if (store.databaseUrl) expect(await postgresPools(pid)).toBe(0);
  });
});
