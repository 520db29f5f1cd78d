import { RateLimiterCluster, RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import type { Redis } from "ioredis";

/**
 * Counts that every instance shares (rate-limiter-flexible): in Redis when REDIS_URL is set, kept by
 * the cluster's primary for WEB_CONCURRENCY workers, else in this process. One construction for the
 * lead limits, the garage sign-in limits, the edge's posts per address
 * and the events per site and address.
 */
export type LimitDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export type SharedLimitStore = {
  /** Shared by every instance when given (REDIS_URL); in memory otherwise. */
  redis?: Redis | null;
  /** A worker of WEB_CONCURRENCY > 1 without Redis: counts kept by the cluster's primary. */
  clusterWorker?: boolean;
};

export function sharedLimiter(points: number, durationSeconds: number, keyPrefix: string, store: SharedLimitStore): RateLimiterAbstract {
  const memory = new RateLimiterMemory({ points, duration: durationSeconds, keyPrefix });
  if (!store.redis) {
    return store.clusterWorker ? new RateLimiterCluster({ points, duration: durationSeconds, keyPrefix, timeoutMs: 1_000 }) : memory;
  }
  // A Redis outage falls back to each instance's own count rather than refusing everyone.
  return new RateLimiterRedis({
    storeClient: store.redis,
    points,
    duration: durationSeconds,
    keyPrefix,
    insuranceLimiter: memory,
    rejectIfRedisNotReady: true,
  });
}

/** Seconds until this key may try again (0: allowed now); the points are consumed either way. */
async function waitFor(limiter: RateLimiterAbstract, key: string, points = 1): Promise<number> {
  try {
    await limiter.consume(key, points);
    return 0;
  } catch (result) {
    if (result instanceof RateLimiterRes) return Math.max(1, Math.ceil(result.msBeforeNext / 1000));
    throw result;
  }
}

/** Counts one attempt against every limit; all of them must allow it. */
export async function consumeAll(checks: ReadonlyArray<readonly [RateLimiterAbstract, string]>): Promise<LimitDecision> {
  const waits = await Promise.all(checks.map(([limiter, key]) => waitFor(limiter, key)));
  const wait = Math.max(0, ...waits);
  return wait === 0 ? { allowed: true } : { allowed: false, retryAfterSeconds: wait };
}

/** One limit over one key (an address; a site and an address). */
export type KeyedLimit = { consume(key: string): Promise<LimitDecision> };

export function keyedLimit(points: number, durationSeconds: number, keyPrefix: string, store: SharedLimitStore): KeyedLimit {
  const limiter = sharedLimiter(points, durationSeconds, keyPrefix, store);
  return { consume: (key) => consumeAll([[limiter, key]]) };
}

/** A budget of units (body bytes) per key: each use spends as many as it costs. */
export type KeyedBudget = { consume(key: string, amount: number): Promise<LimitDecision> };

export function keyedBudget(perWindow: number, durationSeconds: number, keyPrefix: string, store: SharedLimitStore): KeyedBudget {
  const limiter = sharedLimiter(perWindow, durationSeconds, keyPrefix, store);
  return {
    consume: async (key, amount) => {
      // One request dearer than the whole budget spends all of it rather than being refused forever.
      const spent = Math.min(Math.max(0, Math.ceil(amount)), perWindow);
      if (spent === 0) return { allowed: true };
      const wait = await waitFor(limiter, key, spent);
      return wait === 0 ? { allowed: true } : { allowed: false, retryAfterSeconds: wait };
    },
  };
}
