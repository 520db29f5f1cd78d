import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_PHONE_NUMBER } from "~/server/leads/phone";
import { request } from "./support/http";

// Issue 10 §8: WEB_CONCURRENCY=2 runs two worker processes on one port that share the database and
// the lead limits, and stop together on SIGTERM.
const databaseUrl = process.env.DATABASE_URL;
const port = 30_000 + Math.floor(Math.random() * 20_000);
let dataDir: string;
let schema: string | null = null;
let server: ChildProcess;
let exited: Promise<number | null>;

async function admin(query: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

/** The processes whose parent is `pid` (from /proc). */
function children(pid: number): number[] {
  const found: number[] = [];
  for (const task of readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/)) if (task) found.push(Number(task));
  return found;
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "forecourt-cluster-"));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
    LEAD_DELIVERY: "off",
    WEB_CONCURRENCY: "2",
    RATE_LIMIT_PER_MINUTE: "3",
    SESSION_SECRET: "cluster-secret-0123456789",
  };
  if (databaseUrl) {
    schema = `cluster_${Date.now().toString(36)}`;
    await admin(`create schema ${schema}`);
    const scoped = new URL(databaseUrl);
    scoped.searchParams.set("options", `-c search_path=${schema}`);
    env.DATABASE_URL = scoped.toString();
  } else {
    delete env.DATABASE_URL;
  }
  server = spawn(process.execPath, ["build/server.js"], { env, stdio: ["ignore", "ignore", "pipe"] });
  exited = new Promise((resolve) => server.once("exit", (code) => resolve(code)));
  for (let attempt = 0; attempt < 300; attempt++) {
    const up = await request(port, "localhost", "/healthz").then(
      (reply) => reply.status === 200,
      () => false,
    );
    if (up && children(server.pid ?? 0).length === 2) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("the cluster did not start two workers");
}, 60_000);

afterAll(async () => {
  if (server.exitCode === null) server.kill("SIGKILL");
  if (schema) await admin(`drop schema ${schema} cascade`);
  rmSync(dataDir, { recursive: true, force: true });
});

describe("WEB_CONCURRENCY=2", () => {
  it("two workers answer on one port, share the lead limit, and all stop on SIGTERM", async () => {
    const workers = children(server.pid ?? 0);
    expect(workers).toHaveLength(2);

    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const reply = await request(port, "harbourside.localhost", "/api/leads", {
        method: "POST",
        body: JSON.stringify({
          lead: {
            category: "General Enquiry",
            name: "Jane",
            last_name: "Citizen",
            email: "jane@example.com",
            phone: TEST_PHONE_NUMBER,
            message: `Hello ${i}`,
            location_id: 2101,
            dealership_slug: "harbourside-mazda",
            opt_in: true,
          },
        }),
        headers: { "content-type": "application/json", connection: "close" },
      });
      statuses.push(reply.status);
    }
    // Six posts spread over two workers: one shared count lets exactly three through.
    expect(statuses).toEqual([201, 201, 201, 429, 429, 429]);

    server.kill("SIGTERM");
    expect(await exited).toBe(0);
    for (const pid of workers) expect(() => process.kill(pid, 0)).toThrow();
  });
});
