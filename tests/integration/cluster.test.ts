import type { ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { createInterface } from "node:readline";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EVENT_MESSAGES } from "~/server/events/event-body";
import { EDGE_MESSAGES } from "~/server/http/edge-answers";
import { apiLeadBody } from "./support/api-lead";
import { prepareServerStore, startBuiltServer, stopBuiltServer, type BuiltServer, type ServerStore } from "./support/built-server";
import { request } from "./support/http";

// WEB_CONCURRENCY=2 runs two worker processes on one port that share the database and
// the rate limits (kept by the primary without REDIS_URL), and stop together on SIGTERM.
let store: ServerStore;
let server: BuiltServer;
/** Above the 120 events a minute, so an address can reach the events limit before this one. */
const POSTS_PER_MINUTE = 130;
const METRICS_TOKEN = "cluster-metrics-token-0123456789";

/** The processes whose parent is `pid` (from /proc). */
function children(pid: number): number[] {
  const found: number[] = [];
  for (const task of readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/)) if (task) found.push(Number(task));
  return found;
}

/** Workers that logged "listening": until both have, the primary hands every connection to the first. */
let listening = 0;
let watching = false;
function countListening(child: ChildProcess): number {
  if (!watching && child.stdout) {
    watching = true;
    createInterface({ input: child.stdout }).on("line", (line) => {
      if (line.includes('"msg":"listening"')) listening += 1;
    });
  }
  return listening;
}

beforeAll(async () => {
  store = await prepareServerStore("cluster", {
    WEB_CONCURRENCY: "2",
    RATE_LIMIT_PER_MINUTE: "3",
    POST_RATE_LIMIT_PER_MINUTE: String(POSTS_PER_MINUTE),
    TRUST_PROXY: "1",
    LOG_LEVEL: "info",
    METRICS_TOKEN,
  });
  server = await startBuiltServer(store.env, {
    stdio: ["ignore", "pipe", "pipe"],
    ready: ({ process }) => children(process.pid ?? 0).length === 2 && countListening(process) === 2,
  });
}, 60_000);

afterAll(async () => {
  stopBuiltServer(server);
  await store.cleanup();
});

describe("WEB_CONCURRENCY=2", () => {
  // Each request on its own connection: the primary hands connections to the workers in turn.
  const post = (urlPath: string, ip: string, type: string, body: string) =>
    request(server.port, "kiwi-motors.localhost", urlPath, {
      method: "POST",
      body,
      headers: { "content-type": type, origin: "http://kiwi-motors.localhost", "x-forwarded-for": ip, connection: "close" },
    });

  it("the workers share one count of posts per address and of events per site and address", async () => {
    const posts: number[] = [];
    // A text/plain post is counted, then refused for its type (415).
    for (let i = 0; i <= POSTS_PER_MINUTE; i++) posts.push((await post("/contact", "198.51.100.20", "text/plain", "hello")).status);
    expect(posts.slice(0, POSTS_PER_MINUTE).every((status) => status === 415)).toBe(true);
    expect(posts[POSTS_PER_MINUTE]).toBe(429);
    const refused = await post("/contact", "198.51.100.20", "text/plain", "hello");
    expect(refused.body).toBe(EDGE_MESSAGES.tooManyRequests(Number(refused.headers["retry-after"])));

    const event = JSON.stringify({ event: { website_slug: "kiwi-motors", url: "/", category: 1 } });
    const events: number[] = [];
    for (let i = 0; i <= 120; i++) events.push((await post("/api/events", "198.51.100.21", "application/json", event)).status);
    expect(events.slice(0, 120).every((status) => status === 204)).toBe(true);
    expect(events[120]).toBe(429);
    const tooMany = await post("/api/events", "198.51.100.21", "application/json", event);
    expect(tooMany.status).toBe(429);
    expect(JSON.parse(tooMany.body)).toEqual({ error: EVENT_MESSAGES.tooMany });
    expect(Number(tooMany.headers["retry-after"])).toBeGreaterThan(0);
  });

  it("/metrics in either worker answers for both (the primary gathers them)", async () => {
    const scrape = async () => {
      const reply = await request(server.port, "localhost", "/metrics", {
        headers: { authorization: `Bearer ${METRICS_TOKEN}`, connection: "close" },
      });
      expect(reply.status).toBe(200);
      return reply.body;
    };
    const sample = (text: string, key: string) => {
      const line = text.split("\n").find((candidate) => candidate.startsWith(`${key} `));
      return Number(line?.slice(key.length + 1) ?? 0);
    };
    const health = 'forecourt_http_requests_total{kind="health",status="2xx"}';
    // Consecutive connections go to the workers in turn; one worker's own count would not follow on.
    const first = await scrape();
    const second = await scrape();
    const third = await scrape();
    expect(sample(second, health)).toBe(sample(first, health) + 1);
    expect(sample(third, health)).toBe(sample(first, health) + 2);
    // The posts refused in the first test, whichever worker refused them.
    expect(sample(third, 'forecourt_rate_limit_refusals_total{limit="post"}')).toBeGreaterThanOrEqual(2);
    expect(sample(third, "process_cpu_user_seconds_total")).toBeGreaterThan(0);
  });

  it("two workers answer on one port, share the lead limit, and all stop on SIGTERM", async () => {
    const workers = children(server.process.pid ?? 0);
    expect(workers).toHaveLength(2);

    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const reply = await request(server.port, "harbourside.localhost", "/api/leads", {
        method: "POST",
        body: apiLeadBody(`Hello ${i}`),
        headers: { "content-type": "application/json", origin: "http://harbourside.localhost", connection: "close" },
      });
      statuses.push(reply.status);
    }
    // Six posts spread over two workers: one shared count lets exactly three through.
    expect(statuses).toEqual([201, 201, 201, 429, 429, 429]);

    server.process.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    for (const pid of workers) expect(() => process.kill(pid, 0)).toThrow();
  });
});
