import { successPath } from "~/server/leads/events";
import { checkFillToken, fillTokenUse, issueFillToken } from "~/server/leads/fill-time";
import { FORM_KIND_DEFINITIONS, type FormKind } from "~/server/leads/form-kinds";
import type { UsedFillToken } from "~/server/leads/store";
import type { Services } from "~/server/services";
import type { CaptchaSettings } from "~/server/leads/captcha-verifier";
import { CAPTCHA_PROVIDERS } from "~/server/leads/captcha-widget";
import type { Logger } from "~/server/lib/logger";
import { isSpam } from "~/server/security/honeypot";
import type { Tenant } from "~/server/tenants/load";
import { FILL_TOKEN_FIELD } from "./fill-field";
import { GUARD_MESSAGES } from "./messages";

export { FILL_TOKEN_FIELD };

export type GuardFailure = {
  status: 400 | 429 | 503;
  message: string;
  reason: "rate-limited" | "too-fast" | "expired" | "captcha" | "captcha-unavailable";
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

/** Where a captcha check runs and whom it concerns, for its log lines. */
export type CaptchaRequest = { services: Pick<Services, "captcha">; tenant: Tenant; clientIp: string; log: Logger };

async function verifyToken(request: CaptchaRequest, settings: CaptchaSettings, token: string): Promise<GuardFailure | null> {
  if (token.trim() === "") return { status: 400, reason: "captcha", message: GUARD_MESSAGES.captchaFailed, headers: {} };
  const check = await request.services.captcha.verify(settings, token, request.clientIp);
  if (check.outcome === "passed") return null;
  if (check.outcome === "refused") {
    request.log.info({ provider: settings.provider, codes: check.codes }, "captcha token refused");
    return { status: 400, reason: "captcha", message: GUARD_MESSAGES.captchaFailed, headers: {} };
  }
  // The provider's trouble (or our secret), never the shopper's: the tenant's policy decides.
  request.log.warn({ provider: settings.provider, detail: check.detail, fail: settings.fail }, "captcha provider unavailable");
  if (settings.fail === "open") return null;
  return { status: 503, reason: "captcha-unavailable", message: GUARD_MESSAGES.captchaUnavailable, headers: {} };
}

/**
 * spec 001 §5 captcha on a form post, for a tenant with one on. A form without the provider's token
 * field at all came from a browser that ran no script (the providers have no no-JS fallback): the
 * honeypot and the fill-time token, already checked, stand in for it. A field that is there but empty,
 * or a token the provider refuses, is refused.
 */
export async function checkFormCaptcha(request: CaptchaRequest, formData: FormData): Promise<GuardFailure | null> {
  const settings = request.services.captcha.settingsFor(request.tenant);
  if (!settings) return null;
  const token = formData.get(CAPTCHA_PROVIDERS[settings.provider].tokenField);
  if (token === null) return null;
  return verifyToken(request, settings, typeof token === "string" ? token : "");
}

/** The JSON lead API's captcha, for calls without the API key: the token in X-Captcha-Token is required. */
export async function checkApiCaptcha(request: CaptchaRequest, token: string | null): Promise<GuardFailure | null> {
  const settings = request.services.captcha.settingsFor(request.tenant);
  if (!settings) return null;
  if (!token || token.trim() === "") return { status: 400, reason: "captcha", message: GUARD_MESSAGES.captchaApiToken, headers: {} };
  return verifyToken(request, settings, token);
}
