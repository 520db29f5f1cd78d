import { checkFillToken, issueFillToken } from "~/server/leads/fill-time";
import type { Services } from "~/server/services";
import { isSpam } from "~/server/security/honeypot";
import type { Tenant } from "~/server/tenants/load";
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
export function fillTokenFor(services: Services, tenant: Tenant, now: number): string {
  return issueFillToken(tenant.slug, now, services.env.sessionSecrets);
}

/**
 * Lead submissions per client address, per site and across all sites (issue 12 §4); every POST
 * counts, so failed attempts cannot hammer either.
 */
export async function checkRateLimit(services: Services, tenant: Tenant, clientIp: string): Promise<GuardFailure | null> {
  const decision = await services.leadLimiter.consume(tenant.slug, clientIp);
  if (decision.allowed) return null;
  const seconds = Math.max(1, decision.retryAfterSeconds);
  return { status: 429, reason: "rate-limited", message: GUARD_MESSAGES.rateLimited(seconds), headers: { "Retry-After": String(seconds) } };
}

/** Honeypot (remix-utils) and minimum fill time (2 s, a signed token), in that order. */
export function checkFormGuards(services: Services, formData: FormData, tenant: Tenant, now: number): GuardFailure | null {
  if (isSpam(services.honeypot, formData)) return { status: 400, reason: "spam", message: GUARD_MESSAGES.spam, headers: {} };
  const token = formData.get(FILL_TOKEN_FIELD);
  const fill = checkFillToken(typeof token === "string" ? token : undefined, tenant.slug, now, services.env.sessionSecrets);
  if (fill === "too-fast") return { status: 400, reason: "too-fast", message: GUARD_MESSAGES.tooFast, headers: {} };
  if (fill === "invalid") return { status: 400, reason: "expired", message: GUARD_MESSAGES.expired, headers: {} };
  return null;
}
