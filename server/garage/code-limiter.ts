import { RateLimiterCluster, RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import type { Redis } from "ioredis";

/**
 * Issue 14 §2: sign-in is rate-limited per email and per client address (rate-limiter-flexible, as the
 * lead limits): codes sent and codes tried both count, so nobody can mail-bomb an address or walk
 * through the million codes of one email from many addresses or of many emails from one address.
 */
export const CODE_LIMITS = {
  /** Codes asked for plus codes tried, per email per site, per hour. */
  perEmailPerHour: 10,
  /** The same, per client address over every site, per hour. */
  perIpPerHour: 30,
} as const;

export type CodeLimitDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export type CodeLimiter = { consume(tenant: string, email: string, ip: string): Promise<CodeLimitDecision> };

export type CodeLimiterOptions = { redis?: Redis | null; clusterWorker?: boolean; prefix?: string; limits?: typeof CODE_LIMITS };

const HOUR_SECONDS = 60 * 60;

function limiter(points: number, keyPrefix: string, options: CodeLimiterOptions): RateLimiterAbstract {
  const memory = new RateLimiterMemory({ points, duration: HOUR_SECONDS, keyPrefix });
  if (!options.redis) {
    return options.clusterWorker ? new RateLimiterCluster({ points, duration: HOUR_SECONDS, keyPrefix, timeoutMs: 1_000 }) : memory;
  }
  return new RateLimiterRedis({
    storeClient: options.redis,
    points,
    duration: HOUR_SECONDS,
    keyPrefix,
    insuranceLimiter: memory,
    rejectIfRedisNotReady: true,
  });
}

export function createCodeLimiter(options: CodeLimiterOptions = {}): CodeLimiter {
  const prefix = options.prefix ?? "forecourt";
  const limits = options.limits ?? CODE_LIMITS;
  const perEmail = limiter(limits.perEmailPerHour, `${prefix}:garage:email`, options);
  const perIp = limiter(limits.perIpPerHour, `${prefix}:garage:ip`, options);
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
    async consume(tenant, email, ip) {
      const [email_, ip_] = await Promise.all([attempt(perEmail, `${tenant}|${email}`), attempt(perIp, ip)]);
      const wait = Math.max(email_, ip_);
      return wait === 0 ? { allowed: true } : { allowed: false, retryAfterSeconds: wait };
    },
  };
}
