import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLeadLimiter } from "~/server/leads/lead-limiter";
import { freshIp, startFormsApp, validFields, type FormsApp } from "./forms-harness";

// A client cannot choose its address, and lead limits hold across sites and instances.

describe("lead limits over HTTP (TRUST_PROXY = one hop)", () => {
  let app: FormsApp;
  beforeAll(async () => {
    app = await startFormsApp({ RATE_LIMIT_PER_MINUTE: "8", RATE_LIMIT_ACROSS_SITES_PER_MINUTE: "12" });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
  });

  const post = (slug: string, forwardedFor: string) =>
    app.postForm(`${slug}.localhost`, "/contact", validFields("general", app.tenant(slug)), { ip: forwardedFor });

  it("a rotating X-Forwarded-For does not get past the limit: the proxy's own entry counts", async () => {
    const statuses: number[] = [];
    // What one proxy hop forwards: whatever the client claimed, then the address it saw.
    for (let i = 0; i < 10; i++) statuses.push((await post("kiwi-motors", `${freshIp()}, 198.51.100.7`)).status);
    expect(statuses.slice(0, 8).every((status) => status === 303)).toBe(true);
    expect(statuses.slice(8)).toEqual([429, 429]);
  });

  it("one address is limited across all sites, not only per site", async () => {
    const statuses: number[] = [];
    for (const slug of ["harbourside", "lakeside-auto", "southern-used"]) {
      for (let i = 0; i < 5; i++) statuses.push((await post(slug, "198.51.100.99")).status);
    }
    // 15 leads, at most 5 per site (under the 8 per site) but only 12 across sites.
    expect(statuses.filter((status) => status === 303)).toHaveLength(12);
    expect(statuses.slice(12)).toEqual([429, 429, 429]);
  });
});

describe("limits shared through Redis (127.0.0.1:6379)", () => {
  const url = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
  const clients: Redis[] = [];
  const client = () => {
    const redis = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
    clients.push(redis);
    return redis;
  };
  afterAll(() => {
    for (const redis of clients) redis.disconnect();
  });

  it("two instances share one count", async () => {
    const prefix = `test-${randomBytes(4).toString("hex")}`;
    const [a, b] = [client(), client()];
    await Promise.all(
      [a, b].map((redis) => (redis.status === "ready" ? undefined : new Promise((resolve) => redis.once("ready", resolve)))),
    );
    const one = createLeadLimiter({ perTenantPerMinute: 3, acrossSitesPerMinute: 100, redis: a, prefix });
    const two = createLeadLimiter({ perTenantPerMinute: 3, acrossSitesPerMinute: 100, redis: b, prefix });
    expect(await one.consume("harbourside", "203.0.113.5")).toEqual({ allowed: true });
    expect(await two.consume("harbourside", "203.0.113.5")).toEqual({ allowed: true });
    expect(await one.consume("harbourside", "203.0.113.5")).toEqual({ allowed: true });
    expect(await two.consume("harbourside", "203.0.113.5")).toMatchObject({ allowed: false, retryAfterSeconds: expect.any(Number) });
    expect(await two.consume("lakeside-auto", "203.0.113.5")).toEqual({ allowed: true });
  });

  it("keeps counting per instance while Redis is unreachable", async () => {
    const down = new Redis("redis://127.0.0.1:1", {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      lazyConnect: true,
      retryStrategy: () => null,
    });
    clients.push(down);
    down.on("error", () => undefined);
    const limiter = createLeadLimiter({ perTenantPerMinute: 2, acrossSitesPerMinute: 100, redis: down, prefix: "down" });
    expect(await limiter.consume("harbourside", "203.0.113.6")).toEqual({ allowed: true });
    expect(await limiter.consume("harbourside", "203.0.113.6")).toEqual({ allowed: true });
    expect(await limiter.consume("harbourside", "203.0.113.6")).toMatchObject({ allowed: false });
  });
});
