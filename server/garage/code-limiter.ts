import type { Redis } from "ioredis";
import { consumeAll, sharedLimiter, type LimitDecision } from "~/server/security/shared-limit";

/**
 * Sign-in is rate-limited per email and per client address (rate-limiter-flexible, as the
 * lead limits): codes sent and codes tried both count, so nobody can mail-bomb an address or walk
 * through the million codes of one email from many addresses or of many emails from one address.
 */
export const CODE_LIMITS = {
  /** Codes asked for plus codes tried, per email per site, per hour. */
  perEmailPerHour: 10,
  /** The same, per client address over every site, per hour. */
  perIpPerHour: 30,
} as const;

export type CodeLimitDecision = LimitDecision;

export type CodeLimiter = { consume(tenant: string, email: string, ip: string): Promise<CodeLimitDecision> };

export type CodeLimiterOptions = { redis?: Redis | null; clusterWorker?: boolean; prefix?: string; limits?: typeof CODE_LIMITS };

const HOUR_SECONDS = 60 * 60;

export function createCodeLimiter(options: CodeLimiterOptions = {}): CodeLimiter {
  const prefix = options.prefix ?? "forecourt";
  const limits = options.limits ?? CODE_LIMITS;
  const perEmail = sharedLimiter(limits.perEmailPerHour, HOUR_SECONDS, `${prefix}:garage:email`, options);
  const perIp = sharedLimiter(limits.perIpPerHour, HOUR_SECONDS, `${prefix}:garage:ip`, options);
  return {
    consume: (tenant, email, ip) =>
      consumeAll([
        [perEmail, `${tenant}|${email}`],
        [perIp, ip],
      ]),
  };
}
