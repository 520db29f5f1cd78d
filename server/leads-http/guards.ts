import { checkFillToken, issueFillToken } from "../leads/fill-time";
import { leadRateLimiter, rateLimitKey } from "../leads/rate-limit";
import { env } from "../lib/env";
import { isSpam } from "../security/honeypot";
import type { Tenant } from "../tenants/load";
import { FILL_TOKEN_FIELD } from "./fill-field";
import { GUARD_MESSAGES } from "./messages";

export { FILL_TOKEN_FIELD };

export type GuardFailure = {
  status: 400 | 429;
  message: string;
  reason: "rate-limited" | "spam" | "too-fast" | "expired";
  headers: Record<string, string>;
};

/** The token rendered into each form; checked by checkFormGuards when the form comes back. */
export function fillTokenFor(tenant: Tenant, now: number): string {
  return issueFillToken(tenant.slug, now, env().sessionSecrets);
}

/** Per-IP per-tenant submission limit; every POST counts, so failed attempts cannot hammer either. */
export function checkRateLimit(tenant: Tenant, clientIp: string, now: number): GuardFailure | null {
  const decision = leadRateLimiter().check(rateLimitKey(tenant.slug, clientIp), now);
  if (decision.allowed) return null;
  const seconds = Math.max(1, decision.retryAfterSeconds);
  return { status: 429, reason: "rate-limited", message: GUARD_MESSAGES.rateLimited(seconds), headers: { "Retry-After": String(seconds) } };
}

/** Honeypot (remix-utils) and minimum fill time (2 s, a signed token), in that order. */
export function checkFormGuards(formData: FormData, tenant: Tenant, now: number): GuardFailure | null {
  if (isSpam(formData)) return { status: 400, reason: "spam", message: GUARD_MESSAGES.spam, headers: {} };
  const token = formData.get(FILL_TOKEN_FIELD);
  const fill = checkFillToken(typeof token === "string" ? token : undefined, tenant.slug, now, env().sessionSecrets);
  if (fill === "too-fast") return { status: 400, reason: "too-fast", message: GUARD_MESSAGES.tooFast, headers: {} };
  if (fill === "invalid") return { status: 400, reason: "expired", message: GUARD_MESSAGES.expired, headers: {} };
  return null;
}
