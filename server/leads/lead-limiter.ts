import { RateLimiterCluster, RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import type { Redis } from "ioredis";

export type LeadLimitDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export type LeadLimiter = {
  /** Counts one lead attempt from this address on this site: both limits must allow it. */
  consume(tenantSlug: string, ip: string): Promise<LeadLimitDecision>;
};

export type LeadLimiterOptions = {
  /** Per address per site (RATE_LIMIT_PER_MINUTE). */
  perTenantPerMinute: number;
  /** Per address over every site of the platform (RATE_LIMIT_ACROSS_SITES_PER_MINUTE). */
  acrossSitesPerMinute: number;
  /** Shared by every instance when given (REDIS_URL); in memory otherwise. */
  redis?: Redis | null;
  /** Key prefix (tests keep runs apart). */
  prefix?: string;
  /** A worker of WEB_CONCURRENCY > 1 without Redis: counts kept by the cluster's primary. */
  clusterWorker?: boolean;
};

function limiter(points: number, keyPrefix: string, redis: Redis | null | undefined, clusterWorker: boolean): RateLimiterAbstract {
  const memory = new RateLimiterMemory({ points, duration: 60, keyPrefix });
  if (!redis) return clusterWorker ? new RateLimiterCluster({ points, duration: 60, keyPrefix, timeoutMs: 1_000 }) : memory;
  // A Redis outage falls back to each instance's own count rather than refusing every lead.
  return new RateLimiterRedis({
    storeClient: redis,
    points,
    duration: 60,
    keyPrefix,
    insuranceLimiter: memory,
    rejectIfRedisNotReady: true,
  });
}

/**
 * Issue 12 §4: lead submissions are limited per client address per site and per address across all
 * sites (one address sent 70 leads a minute spread over the 7 sites), with rate-limiter-flexible —
 * in memory, or in Redis so several instances share one count.
 */
export function createLeadLimiter(options: LeadLimiterOptions): LeadLimiter {
  const prefix = options.prefix ?? "forecourt";
  const inCluster = options.clusterWorker ?? false;
  const perTenant = limiter(options.perTenantPerMinute, `${prefix}:leads:site`, options.redis, inCluster);
  const acrossSites = limiter(options.acrossSitesPerMinute, `${prefix}:leads:ip`, options.redis, inCluster);
  const attempt = async (rl: RateLimiterAbstract, key: string): Promise<number> => {
    try {
      await rl.consume(key);
      return 0;
    } catch (result) {
      if (result instanceof RateLimiterRes) return Math.max(1, Math.ceil(result.msBeforeNext / 1000));
      throw result;
    }
  };
  return {
    async consume(tenantSlug, ip) {
      const [site, platform] = await Promise.all([attempt(perTenant, `${tenantSlug}|${ip}`), attempt(acrossSites, ip)]);
      const wait = Math.max(site, platform);
      return wait === 0 ? { allowed: true } : { allowed: false, retryAfterSeconds: wait };
    },
  };
}
