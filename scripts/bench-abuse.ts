/**
 * `npm run bench:abuse`: p50/p99 of /healthz and a search page on one site (kiwi-motors), first
 * quiet, then while another site (harbourside) receives worst-case form posts at the post limit
 * (POST_RATE_LIMIT_PER_MINUTE, 5 a second): alternately a 1 MB form of 199 fields (read, counted and
 * handed to the lead form) and 64,000 `name=x&` fields (refused by the edge with 413).
 * Target: loaded p99 within 2× of quiet.
 *
 * `BENCH_ATTACK=loop`: instead, one client loops ~950 KB form posts back to back (one in flight, the
 * next sent as soon as the last is answered, Retry-After ignored) — what the per-address body budget
 * (POST_BODY_BYTES_PER_MINUTE) is for.
 */
import { spawn, type ChildProcess } from "node:child_process";
import http from "node:http";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 4;
const VICTIM = "kiwi-motors.localhost";
const ATTACKED = "harbourside.localhost";
const POSTS_PER_SECOND = 5;
const LOOP = process.env.BENCH_ATTACK === "loop";
/** 190 fields of 5,000 bytes: ~950 KB, inside every per-request limit, so only a budget can stop it. */
const LOOP_BODY = Array.from({ length: 190 }, (_, i) => `f${i}=${"x".repeat(5_000)}`).join("&");

const bodies = [Array.from({ length: 199 }, (_, i) => `f${i}=${"x".repeat(5_000)}`).join("&"), "name=x&".repeat(64_000)];

function say(line: string): void {
  process.stdout.write(`${line}\n`);
}

function startServer(): Promise<{ child: ChildProcess; port: number }> {
  const dataDir = path.join(mkdtempSync(path.join(tmpdir(), "forecourt-abuse-")), "data");
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: "production", PORT: "0", HOST: "127.0.0.1", DATA_DIR: dataDir };
  Object.assign(env, { LOG_LEVEL: "silent", LEAD_DELIVERY: "off" });
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, ["--import", "tsx", "server/start.ts"], { env, stdio: ["ignore", "pipe", "inherit"] });
  return new Promise((resolve, reject) => {
    let out = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const port = /http:\/\/localhost:(\d+)/.exec(out)?.[1];
      if (port) resolve({ child, port: Number(port) });
    });
    child.on("exit", (code) => reject(new Error(`server exited with ${code}`)));
  });
}

async function measure(port: number, urlPath: string): Promise<{ p50: number; p99: number; requests: number; errors: number }> {
  const result = await autocannon({
    url: `http://127.0.0.1:${port}${urlPath}`,
    headers: { host: VICTIM },
    connections: CONNECTIONS,
    duration: DURATION_S,
  });
  return { p50: result.latency.p50, p99: result.latency.p99, requests: result.requests.total, errors: result.non2xx + result.errors };
}

function post(port: number, body: string): Promise<number> {
  return new Promise((resolve) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        path: "/contact",
        method: "POST",
        headers: { host: ATTACKED, "content-type": "application/x-www-form-urlencoded", "content-length": Buffer.byteLength(body) },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      },
    );
    req.on("error", () => resolve(0));
    req.end(body);
  });
}

/** Posts at the limit until stopped; returns the answers by status. */
function attack(port: number): { stop: () => Promise<Map<number, number>> } {
  const statuses = new Map<number, number>();
  const inFlight = new Set<Promise<void>>();
  let sent = 0;
  const timer = setInterval(() => {
    const sending = post(port, bodies[sent++ % bodies.length]!).then((status) => {
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      inFlight.delete(sending);
    });
    inFlight.add(sending);
  }, 1000 / POSTS_PER_SECOND);
  return {
    stop: async () => {
      clearInterval(timer);
      await Promise.all(inFlight);
      return statuses;
    },
  };
}

/** One client posting ~950 KB forms back to back until stopped. */
function loop(port: number): { stop: () => Promise<Map<number, number>> } {
  const statuses = new Map<number, number>();
  let running = true;
  const done = (async () => {
    while (running) {
      const status = await post(port, LOOP_BODY);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
  })();
  return {
    stop: async () => {
      running = false;
      await done;
      return statuses;
    },
  };
}

async function main(): Promise<void> {
  const { child, port } = await startServer();
  try {
    const searchPath = "/search/used-cars";
    await measure(port, searchPath); // warm-up: index build and render caches
    const quiet = { health: await measure(port, "/healthz"), search: await measure(port, searchPath) };
    const flood = LOOP ? loop(port) : attack(port);
    const loaded = { health: await measure(port, "/healthz"), search: await measure(port, searchPath) };
    const statuses = await flood.stop();
    const attacker = LOOP ? `one client looping ${Math.round(LOOP_BODY.length / 1000)} KB posts` : `attacker ${POSTS_PER_SECOND} posts/s`;
    say(`bench:abuse — ${CONNECTIONS} connections, ${DURATION_S} s per run, ${attacker} on ${ATTACKED}`);
    say("");
    say("| request on kiwi-motors | quiet p50 ms | quiet p99 ms | loaded p50 ms | loaded p99 ms | loaded p99 / quiet p99 |");
    say("|---|---:|---:|---:|---:|---:|");
    for (const [name, key] of [
      ["/healthz", "health"],
      [`${searchPath}`, "search"],
    ] as const) {
      const q = quiet[key];
      const l = loaded[key];
      say(`| ${name} | ${q.p50} | ${q.p99} | ${l.p50} | ${l.p99} | ${(l.p99 / Math.max(q.p99, 1)).toFixed(2)}× |`);
    }
    say("");
    say(`attacker answers: ${[...statuses].map(([status, count]) => `${count} × ${status}`).join(", ")}`);
    const failed = [quiet.health, quiet.search, loaded.health, loaded.search].reduce((sum, run) => sum + run.errors, 0);
    if (failed > 0) say(`non-2xx or errors on kiwi-motors: ${failed}`);
  } finally {
    child.kill("SIGTERM");
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`bench:abuse failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
