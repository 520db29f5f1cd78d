import type { Redis } from "ioredis";
import { consumeAll, sharedLimiter, type LimitDecision } from "~/server/security/shared-limit";

export type LeadLimitDecision = LimitDecision;

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

/**
 * Lead submissions are limited per client address per site and per address across all
 * sites (one address sent 70 leads a minute spread over the 7 sites), with rate-limiter-flexible —
 * in memory, or in Redis so several instances share one count.
 */
export function createLeadLimiter(options: LeadLimiterOptions): LeadLimiter {
  const prefix = options.prefix ?? "forecourt";
  const inCluster = options.clusterWorker ?? false;
  const store = { redis: options.redis, clusterWorker: inCluster };
  const perTenant = sharedLimiter(options.perTenantPerMinute, 60, `${prefix}:leads:site`, store);
  const acrossSites = sharedLimiter(options.acrossSitesPerMinute, 60, `${prefix}:leads:ip`, store);
  return {
    consume: (tenantSlug, ip) =>
      consumeAll([
        [perTenant, `${tenantSlug}|${ip}`],
        [acrossSites, ip],
      ]),
  };
}
