export type RateDecision = { allowed: boolean; remaining: number; retryAfterSeconds: number };

export type RateLimiter = { check(key: string, now?: number): RateDecision };

const SWEEP_THRESHOLD = 10_000;

/** Fixed-window counter in memory: at most `limit` hits per key per window. */
export function createRateLimiter(limit: number, windowMs = 60_000): RateLimiter {
  const windows = new Map<string, { start: number; count: number }>();
  const sweep = (now: number) => {
    for (const [key, window] of windows) if (now - window.start >= windowMs) windows.delete(key);
  };
  return {
    check(key, now = Date.now()) {
      if (windows.size > SWEEP_THRESHOLD) sweep(now);
      let window = windows.get(key);
      if (!window || now - window.start >= windowMs) {
        window = { start: now, count: 0 };
        windows.set(key, window);
      }
      window.count += 1;
      const allowed = window.count <= limit;
      return {
        allowed,
        remaining: Math.max(0, limit - window.count),
        retryAfterSeconds: allowed ? 0 : Math.ceil((window.start + windowMs - now) / 1000),
      };
    },
  };
}

/** One window per tenant and client address. */
export function rateLimitKey(tenantSlug: string, ip: string): string {
  return `${tenantSlug}|${ip}`;
}
