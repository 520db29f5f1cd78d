import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { keyedBudget, keyedLimit } from "~/server/security/shared-limit";

// In this process (no REDIS_URL, no cluster): the count behind the edge's posts per address and the
// events per site and address. The Redis and cluster stores are tested over HTTP (tests/integration).
describe("a keyed limit counted in memory", () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 1_000 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("allows the limit per window per key, then refuses with the seconds left until the window ends", async () => {
    const limit = keyedLimit(3, 60, "test:keyed", {});
    const key = "harbourside|203.0.113.9";
    expect(await Promise.all([1, 2, 3].map(() => limit.consume(key)))).toEqual([{ allowed: true }, { allowed: true }, { allowed: true }]);
    vi.setSystemTime(30_000);
    expect(await limit.consume(key)).toEqual({ allowed: false, retryAfterSeconds: 31 });
    expect(await limit.consume("other-tenant|203.0.113.9")).toEqual({ allowed: true });
    vi.setSystemTime(60_999);
    expect(await limit.consume(key)).toEqual({ allowed: false, retryAfterSeconds: 1 });
    vi.setSystemTime(61_000);
    expect(await limit.consume(key)).toEqual({ allowed: true });
  });

  it("a budget spends each request's cost; one dearer than the whole budget spends all of it, not refused forever", async () => {
    const budget = keyedBudget(2_000_000, 60, "test:budget", {});
    const key = "203.0.113.9";
    expect(await budget.consume(key, 950_000)).toEqual({ allowed: true });
    expect(await budget.consume(key, 950_000)).toEqual({ allowed: true });
    expect(await budget.consume(key, 0)).toEqual({ allowed: true });
    vi.setSystemTime(11_000);
    expect(await budget.consume(key, 950_000)).toEqual({ allowed: false, retryAfterSeconds: 50 });
    expect(await budget.consume("198.51.100.4", 50_000_000)).toEqual({ allowed: true });
    expect(await budget.consume("198.51.100.4", 1)).toEqual({ allowed: false, retryAfterSeconds: 60 });
    vi.setSystemTime(61_000);
    expect(await budget.consume(key, 950_000)).toEqual({ allowed: true });
  });
});
