import { spawn } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { listenForStock } from "~/server/inventory/stock-notifications";
import { STOCK_CHANNEL } from "~/server/inventory/stock-store";
import { MESSAGES } from "~/server/leads/messages";
import { logger } from "~/server/lib/logger";
import { TEST_PHONE_NUMBER } from "~/server/leads/phone";
import {
  prepareServerStore,
  randomPort,
  startBuiltServer,
  stopBuiltServer,
  type BuiltServer,
  type ServerStore,
} from "./support/built-server";
import { request, type HttpReply } from "./support/http";
import { startTcpProxy, type TcpProxy } from "./support/tcp-proxy";

// The server survives its database going away: every connection cut by the database
// (pg_terminate_backend) and then by the network (a proxy killed mid-run), while leads are posted.
// It never exits, every acknowledged lead is stored, and service resumes without a restart.
// PostgreSQL only: this is about the pg driver's connections, whichever engine the run uses.
const PG_URL = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const HOST = "kiwi-motors.localhost";
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let store: ServerStore;
let proxy: TcpProxy;
let server: BuiltServer | undefined;
let tenantsDir: string;

/** The proxy's URL, scoped to the store's schema like the store's own. */
function throughProxy(): string {
  const scoped = new URL(store.databaseUrl ?? "");
  scoped.hostname = "127.0.0.1";
  scoped.port = String(proxy.port);
  return scoped.toString();
}

beforeAll(async () => {
  // One small demo site: the start loads its stock, and harbourside's would take seconds.
  tenantsDir = mkdtempSync(path.join(tmpdir(), "forecourt-outage-tenants-"));
  cpSync(path.resolve("tenants/kiwi-motors"), path.join(tenantsDir, "kiwi-motors"), { recursive: true });
  store = await prepareServerStore(
    "outage",
    {
      TENANTS_DIR: tenantsDir,
      DEFAULT_TENANT: "kiwi-motors",
      TRUST_PROXY: "1",
      RATE_LIMIT_PER_MINUTE: "100000",
      RATE_LIMIT_ACROSS_SITES_PER_MINUTE: "100000",
      POST_RATE_LIMIT_PER_MINUTE: "100000",
      POST_BODY_BYTES_PER_MINUTE: "100000000000",
    },
    { databaseUrl: PG_URL },
  );
  const target = new URL(PG_URL);
  proxy = await startTcpProxy(randomPort(), { host: target.hostname, port: Number(target.port || 5432) });
}, 60_000);

afterEach(async () => {
  stopBuiltServer(server);
  server = undefined;
  await proxy.revive();
});

afterAll(async () => {
  await proxy?.close();
  await store?.cleanup();
  rmSync(tenantsDir, { recursive: true, force: true });
});

let sequence = 0;
function postLead(port: number): Promise<HttpReply> {
  sequence += 1;
  const lead = {
    category: "Service Enquiry",
    name: "Jane",
    last_name: "Citizen",
    email: "jane@example.com",
    phone: TEST_PHONE_NUMBER,
    message: `Outage lead ${sequence}`,
    location_id: 2602,
    dealership_slug: "kiwi-motors",
    opt_in: true,
  };
  return request(port, HOST, "/api/leads", {
    method: "POST",
    body: JSON.stringify({ lead }),
    headers: {
      "content-type": "application/json",
      accept: "application/json",
      origin: `http://${HOST}`,
      "x-forwarded-for": `198.51.${Math.floor(sequence / 250) % 250}.${sequence % 250}`,
    },
  });
}

type Load = { acknowledged: string[]; statuses: number[]; refused: number; stop(): Promise<void>; lastOkAt(): number };

/** `workers` loops posting leads back to back until stopped. */
function loadLeads(port: number, workers: number): Load {
  let running = true;
  let lastOk = 0;
  const load: Load = {
    acknowledged: [],
    statuses: [],
    refused: 0,
    stop: async () => {
      running = false;
      await Promise.all(loops);
    },
    lastOkAt: () => lastOk,
  };
  const loop = async () => {
    while (running) {
      try {
        const reply = await postLead(port);
        load.statuses.push(reply.status);
        if (reply.status === 201) {
          load.acknowledged.push((JSON.parse(reply.body) as { id: string }).id);
          lastOk = Date.now();
        } else if (reply.status === 503) {
          expect(JSON.parse(reply.body)).toEqual({ error: MESSAGES.submitError });
        }
      } catch {
        // No answer at all: the server is gone (or restarting); counted, and the test fails on it.
        load.refused += 1;
        await sleep(50);
      }
    }
  };
  const loops = Array.from({ length: workers }, loop);
  return load;
}

/** pg_terminate_backend on every backend the server holds (its connections come through the proxy). */
async function terminateServerBackends(): Promise<number> {
  const ports = proxy.upstreamPorts();
  const rows = await store.admin<{ ended: boolean }>(
    "select pg_terminate_backend(pid) as ended from pg_stat_activity where client_addr = '127.0.0.1' and client_port = any($1::int[])",
    [ports],
  );
  return rows.filter((row) => row.ended).length;
}

async function storedIds(ids: string[]): Promise<Set<string>> {
  const schema = new URL(store.databaseUrl ?? "").searchParams.get("options")?.replace("-c search_path=", "") ?? "";
  const rows = await store.admin<{ id: string }>(`select id from ${schema}.leads where id = any($1::text[])`, [ids]);
  return new Set(rows.map((row) => row.id));
}

/** The server's processes: itself and, with WEB_CONCURRENCY, its workers (from /proc). */
function processIds(pid: number): number[] {
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
  return [pid, ...children].sort();
}

async function waitUntil(check: () => boolean | Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await sleep(100);
  }
  return false;
}

/** Leads the server stores, read straight from the database (not through the proxy). */
async function listening(): Promise<boolean> {
  const ports = proxy.upstreamPorts();
  const rows = await store.admin<{ query: string }>(
    "select query from pg_stat_activity where application_name like 'forecourt-listen:%' and client_port = any($1::int[])",
    [ports],
  );
  return rows.some((row) => row.query === `LISTEN ${STOCK_CHANNEL}`);
}

type Trial = { extra: Record<string, string>; processes: number; startWhileDown?: boolean };

async function outageTrial({ extra, processes, startWhileDown = false }: Trial): Promise<void> {
  let output = "";
  if (startWhileDown) {
    // A start while PostgreSQL is away waits for it (logged) instead of exiting.
    await proxy.kill();
  }
  const waiting = '"msg":"database unreachable; waiting for it"';
  let revived = false;
  server = await startBuiltServer(
    { ...store.env, DATABASE_URL: throughProxy(), LOG_LEVEL: "warn" },
    {
      extra,
      stdio: ["ignore", "pipe", "pipe"],
      onSpawn: (child) =>
        child.stdout?.on("data", (chunk: Buffer) => {
          output += chunk.toString("utf8");
          if (startWhileDown && !revived && output.includes(waiting)) {
            revived = true;
            void proxy.revive();
          }
        }),
      ready: ({ process }) => processIds(process.pid ?? 0).length === processes,
    },
  );
  const { port } = server;
  if (startWhileDown) expect(output).toContain(waiting);
  const before = processIds(server.process.pid ?? 0);
  const load = loadLeads(port, 8);
  try {
    // Cut while leads are being written: some acknowledged, more in flight.
    expect(await waitUntil(() => load.acknowledged.length >= 5, 10_000)).toBe(true);
    expect(await terminateServerBackends()).toBeGreaterThan(0);
    await sleep(700);
    await proxy.kill();
    // While the database is away: requests that need it answer 503, the rest are still served.
    await sleep(700);
    // The process is alive (/healthz 200, saying the database is down); it is not ready (/readyz 503).
    const health = await request(port, "localhost", "/healthz");
    expect(health.status).toBe(200);
    expect(JSON.parse(health.body)).toMatchObject({ ok: true, db: "down" });
    expect((await request(port, "localhost", "/readyz")).status).toBe(503);
    expect((await request(port, HOST, "/favicon.svg")).status).toBe(200);
    await sleep(500);
    const revivedAt = Date.now();
    await proxy.revive();
    // Service resumes without a restart: leads are acknowledged again, and LISTEN is back.
    expect(await waitUntil(() => load.lastOkAt() > revivedAt, 15_000)).toBe(true);
    expect(await waitUntil(listening, 15_000)).toBe(true);
  } finally {
    await load.stop();
  }
  expect(server.process.exitCode).toBeNull();
  expect(server.process.signalCode).toBeNull();
  expect(processIds(server.process.pid ?? 0)).toEqual(before);
  expect(load.refused).toBe(0);
  expect(load.statuses.filter((status) => status !== 201 && status !== 503)).toEqual([]);
  expect(load.statuses).toContain(503);
  const stored = await storedIds(load.acknowledged);
  expect(load.acknowledged.filter((id) => !stored.has(id))).toEqual([]);
  // Ready again (the database answers and the search index, built on the first probe, is there).
  expect(await waitUntil(async () => (await request(port, "localhost", "/readyz")).status === 200, 10_000)).toBe(true);
  // A loss is logged when it happens (each cut, and a client that fails after a fresh one worked),
  // not once per failed query or retry.
  const lost = output.split('"msg":"database connection lost; requests that need it answer 503"').length - 1;
  expect(lost).toBeGreaterThanOrEqual(1);
  expect(lost).toBeLessThanOrEqual(processes * 10);
}

describe("PostgreSQL cut while leads are posted", () => {
  it("one process, started while the database is down: waits for it, never exits, keeps every acknowledged lead, resumes", async () => {
    await outageTrial({ extra: {}, processes: 1, startWhileDown: true });
  }, 60_000);

  it("WEB_CONCURRENCY=2: no worker exits, every acknowledged lead is kept, service resumes", async () => {
    await outageTrial({ extra: { WEB_CONCURRENCY: "2" }, processes: 3 });
  }, 60_000);

  it("DATABASE_START_WAIT_SECONDS=0: a start without the database fails at once with one line", async () => {
    await proxy.kill();
    const child = spawn(process.execPath, ["build/server.js"], {
      env: { ...store.env, DATABASE_URL: throughProxy(), DATABASE_START_WAIT_SECONDS: "0", PORT: String(randomPort()) },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let errors = "";
    child.stderr.on("data", (chunk: Buffer) => (errors += chunk.toString("utf8")));
    const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
    expect(code).toBe(1);
    const database = new URL(PG_URL).pathname.slice(1);
    expect(errors).toBe(
      `forecourt: cannot start: database 127.0.0.1:${proxy.port}/${database}: connect ECONNREFUSED 127.0.0.1:${proxy.port}\n`,
    );
  }, 30_000);
});

describe("the stock LISTEN connection", () => {
  it("reconnects after the database comes back, catches up, and hears NOTIFY again", async () => {
    const changes: string[] = [];
    let resumed = 0;
    const notifications = listenForStock(throughProxy(), {
      onChange: (tenant) => changes.push(tenant),
      onResume: () => (resumed += 1),
      log: logger,
      firstRetryMs: 200,
      maxRetryMs: 400,
    });
    try {
      expect(await waitUntil(listening, 5_000)).toBe(true);
      await terminateServerBackends();
      await proxy.kill();
      await sleep(600);
      await proxy.revive();
      expect(await waitUntil(() => resumed === 1, 5_000)).toBe(true);
      expect(await waitUntil(listening, 5_000)).toBe(true);
      await store.admin(`select pg_notify('${STOCK_CHANNEL}', 'kiwi-motors')`);
      expect(await waitUntil(() => changes.includes("kiwi-motors"), 5_000)).toBe(true);
    } finally {
      await notifications.close();
    }
  });
});
