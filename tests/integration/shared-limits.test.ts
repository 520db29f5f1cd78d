import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EVENT_MESSAGES } from "~/server/events/event-body";
import { EDGE_MESSAGES } from "~/server/http/edge-answers";
import { prepareServerStore, startBuiltServer, stopBuiltServer, type BuiltServer, type ServerStore } from "./support/built-server";
import { request, type HttpReply } from "./support/http";

// Two production servers behind one load balancer (TRUST_PROXY=1) with one REDIS_URL: the edge's
// posts per address (POST_RATE_LIMIT_PER_MINUTE, 300) and the events per site and address (120) are
// one count, whichever instance a request reaches. The defaults are tested as they ship.
const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const POSTS_PER_MINUTE = 300;
const EVENTS_PER_MINUTE = 120;
const HOST = "kiwi-motors.localhost";

let store: ServerStore;
const servers: BuiltServer[] = [];
let redis: Redis;
/** The counts this file made, deleted afterwards (rate-limiter-flexible keys are `<prefix>:<key>`). */
const keys: string[] = [];

/** An address of the IPv6 documentation range no other run picks, its counts deleted afterwards. */
function newClient(...prefixedKeys: Array<(ip: string) => string>): string {
  const bytes = randomBytes(12);
  const groups = Array.from({ length: 6 }, (_, i) => bytes.readUInt16BE(i * 2).toString(16));
  const ip = `2001:db8:${groups.join(":")}`;
  keys.push(...prefixedKeys.map((key) => key(ip)));
  return ip;
}
const postsKey = (ip: string) => `forecourt:posts:${ip}`;
const eventsKey = (ip: string) => `forecourt:events:kiwi-motors|${ip}`;

/** A post the edge counts and then refuses for its type (415): no lead or event limit is involved. */
function plainPost(server: BuiltServer, ip: string): Promise<HttpReply> {
  return request(server.port, HOST, "/contact", {
    method: "POST",
    body: "hello",
    headers: { "content-type": "text/plain", origin: `http://${HOST}`, "x-forwarded-for": ip },
  });
}

/** kiwi-motors does not store events (analytics.log_events off), so each is a 204 and nothing else. */
function postEvent(server: BuiltServer, ip: string): Promise<HttpReply> {
  return request(server.port, HOST, "/api/events", {
    method: "POST",
    body: JSON.stringify({ event: { website_slug: "kiwi-motors", url: "/", category: 1 } }),
    headers: { "content-type": "application/json", origin: `http://${HOST}`, "x-forwarded-for": ip },
  });
}

/** Until Redis has answered an instance, it counts on its own (the limiter's insurance): wait for its first count there. */
async function countingInRedis(server: BuiltServer): Promise<void> {
  const ip = newClient(postsKey);
  for (let tries = 0; tries < 50; tries++) {
    await plainPost(server, ip);
    if ((await redis.get(postsKey(ip))) !== null) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the server on port ${server.port} never counted in Redis`);
}

function expectRefused(reply: HttpReply): number {
  expect(reply.status).toBe(429);
  const seconds = Number(reply.headers["retry-after"]);
  expect(seconds).toBeGreaterThanOrEqual(1);
  expect(seconds).toBeLessThanOrEqual(60);
  return seconds;
}

beforeAll(async () => {
  redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
  store = await prepareServerStore("shared-limits", { REDIS_URL, TRUST_PROXY: "1" });
  // One after the other: the first migrates the database the second then finds ready.
  servers.push(await startBuiltServer(store.env));
  servers.push(await startBuiltServer(store.env));
  for (const server of servers) await countingInRedis(server);
}, 60_000);

afterAll(async () => {
  for (const server of servers) stopBuiltServer(server);
  if (keys.length > 0) await redis?.del(...keys);
  redis?.disconnect();
  await store?.cleanup();
});

describe("limits shared by two instances through REDIS_URL", () => {
  it("refuses an address's 301st post of the minute, on either instance, with Retry-After", async () => {
    const ip = newClient(postsKey);
    const statuses: number[] = [];
    for (let i = 0; i < POSTS_PER_MINUTE; i++) statuses.push((await plainPost(servers[i % 2], ip)).status);
    expect(statuses.filter((status) => status === 415)).toHaveLength(POSTS_PER_MINUTE);

    for (const server of servers) {
      const refused = await plainPost(server, ip);
      const seconds = expectRefused(refused);
      expect(refused.headers["content-type"]).toBe("text/plain; charset=utf-8");
      expect(refused.body).toBe(EDGE_MESSAGES.tooManyRequests(seconds));
    }
    // Another address still gets through.
    expect((await plainPost(servers[0], newClient(postsKey))).status).toBe(415);
  });

  it("refuses an address's 121st event of the minute on a site, on either instance, with Retry-After", async () => {
    const ip = newClient(postsKey, eventsKey);
    const statuses: number[] = [];
    for (let i = 0; i < EVENTS_PER_MINUTE; i++) statuses.push((await postEvent(servers[i % 2], ip)).status);
    expect(statuses.filter((status) => status === 204)).toHaveLength(EVENTS_PER_MINUTE);

    for (const server of servers) {
      const refused = await postEvent(server, ip);
      expectRefused(refused);
      expect(JSON.parse(refused.body)).toEqual({ error: EVENT_MESSAGES.tooMany });
    }
  });
});
