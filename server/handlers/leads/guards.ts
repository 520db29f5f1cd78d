import { successPath } from "~/server/leads/events";
import { checkFillToken, fillTokenUse, issueFillToken } from "~/server/leads/fill-time";
import { FORM_KIND_DEFINITIONS, type FormKind } from "~/server/leads/form-kinds";
import type { UsedFillToken } from "~/server/leads/store";
import type { Services } from "~/server/services";
import { isSpam } from "~/server/security/honeypot";
import type { Tenant } from "~/server/tenants/load";
import { FILL_TOKEN_FIELD } from "./fill-field";
import { GUARD_MESSAGES } from "./messages";

export { FILL_TOKEN_FIELD };

export type GuardFailure = {
  status: 400 | 429;
  message: string;
  reason: "rate-limited" | "too-fast" | "expired";
  headers: Record<string, string>;
};

/** The token rendered into each form; checked by checkFormGuards when the form comes back. */
export function fillTokenFor(services: Services, tenant: Tenant, now: number): string {
  return issueFillToken(tenant.slug, now, services.env.sessionSecrets);
}

/**
 * Lead submissions per client address, per site and across all sites; every POST
 * counts, so failed attempts cannot hammer either.
 */
export async function checkRateLimit(services: Services, tenant: Tenant, clientIp: string): Promise<GuardFailure | null> {
  const decision = await services.leadLimiter.consume(tenant.slug, clientIp);
  if (decision.allowed) return null;
  const seconds = Math.max(1, decision.retryAfterSeconds);
  return { status: 429, reason: "rate-limited", message: GUARD_MESSAGES.rateLimited(seconds), headers: { "Retry-After": String(seconds) } };
}

/** Minimum fill time (2 s, a signed token); the honeypot is answered apart (isBot). */
export function checkFormGuards(services: Services, formData: FormData, tenant: Tenant, now: number): GuardFailure | null {
  const token = formData.get(FILL_TOKEN_FIELD);
  const fill = checkFillToken(typeof token === "string" ? token : undefined, tenant.slug, now, services.env.sessionSecrets);
  if (fill === "too-fast") return { status: 400, reason: "too-fast", message: GUARD_MESSAGES.tooFast, headers: {} };
  if (fill === "invalid") return { status: 400, reason: "expired", message: GUARD_MESSAGES.expired, headers: {} };
  return null;
}

/** The remix-utils honeypot: a filled hidden field, or a timestamp we did not write, is a bot. */
export function isBot(services: Services, formData: FormData): boolean {
  return isSpam(services.honeypot, formData);
}

/**
 * A bot gets the redirect a person gets (the form's /success page, 303) and nothing is
 * stored, so it learns nothing about why its leads never arrive.
 */
export function botSuccessPath(kind: FormKind): string {
  return successPath(FORM_KIND_DEFINITIONS[kind].category);
}

/** The checked fill token as the store records its use (one token, one lead). */
export function usedFillToken(formData: FormData): UsedFillToken | undefined {
  const token = formData.get(FILL_TOKEN_FIELD);
  return typeof token === "string" ? (fillTokenUse(token) ?? undefined) : undefined;
}
