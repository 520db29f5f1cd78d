import { failureMessage, readOkBody } from "~/server/lib/response-handler";
import type { Tenant } from "~/server/tenants/load";
import type { Site } from "~/server/tenants/schema";
import { CAPTCHA_PROVIDERS, captchaWidget, type CaptchaWidget } from "./captcha-widget";

export type CaptchaSettings = NonNullable<Site["leads"]["captcha"]>;

/**
 * What the provider said of one token. `unavailable` is the provider's trouble or ours (no answer in
 * time, a 5xx, an answer we cannot read, our secret refused), never the shopper's: the tenant's
 * `fail` policy decides what the form does then.
 */
export type CaptchaCheck = { outcome: "passed" } | { outcome: "refused"; codes: string[] } | { outcome: "unavailable"; detail: string };

export type CaptchaVerifierOptions = {
  /** Every verification gives up after this long (CAPTCHA_TIMEOUT_MS). */
  timeoutMs: number;
  /** A local fake's siteverify address for every provider (CAPTCHA_VERIFY_URL: tests, DEMO_FAKES). */
  verifyUrl?: string;
  /** A local fake widget script for every provider (CAPTCHA_SCRIPT_URL: DEMO_FAKES). */
  scriptUrl?: string;
  environment?: Readonly<Record<string, string | undefined>>;
  fetch?: typeof globalThis.fetch;
};

export type CaptchaVerifier = {
  /** The tenant's captcha when it is on: a `leads.captcha` entry and its secret variable set; else null. */
  settingsFor(tenant: Tenant): CaptchaSettings | null;
  /** What the tenant's form pages render (null: no captcha). */
  widgetFor(tenant: Tenant): CaptchaWidget | null;
  verify(settings: CaptchaSettings, token: string, remoteIp: string): Promise<CaptchaCheck>;
};

/**
 * Error codes that say our request or the provider failed, not the shopper's token (Turnstile and
 * hCaptcha siteverify documentation): a wrong or missing secret, a key pair that does not match, a
 * malformed request, the provider's own internal error.
 */
const NOT_THE_SHOPPERS = new Set([
  "missing-input-secret",
  "invalid-input-secret",
  "sitekey-secret-mismatch",
  "bad-request",
  "internal-error",
]);

/** A tenant that names a captcha but whose secret variable is unset (warned at start; its forms run without one). */
export function captchaWithoutSecret(tenant: Tenant, environment: Readonly<Record<string, string | undefined>> = process.env): boolean {
  const captcha = tenant.site.leads.captcha;
  return captcha !== null && !environment[captcha.secret_env];
}

function codesOf(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((code): code is string => typeof code === "string") : [];
}

/** Reads a siteverify answer: `success` and `error-codes`, through the generic response handler. */
async function readVerdict(response: Response): Promise<CaptchaCheck> {
  if (!response.ok) return { outcome: "unavailable", detail: `${response.status} ${await failureMessage(response)}` };
  const body = await readOkBody(response);
  const value = body.kind === "json" ? body.value : null;
  if (typeof value !== "object" || value === null || !("success" in value) || typeof value.success !== "boolean")
    return { outcome: "unavailable", detail: "an answer without success" };
  if (value.success) return { outcome: "passed" };
  const codes = codesOf("error-codes" in value ? value["error-codes"] : undefined);
  const ours = codes.filter((code) => NOT_THE_SHOPPERS.has(code));
  return ours.length > 0 ? { outcome: "unavailable", detail: ours.join(", ") } : { outcome: "refused", codes };
}

/**
 * The server side of Turnstile and hCaptcha: one form-encoded POST of secret, response and remoteip
 * to the provider's siteverify, with a timeout, read through the generic response handler. Built once
 * in server/services.ts; the secret is read from the tenant's variable at each call.
 */
export function createCaptchaVerifier(options: CaptchaVerifierOptions): CaptchaVerifier {
  const environment = options.environment ?? process.env;
  const doFetch = options.fetch ?? globalThis.fetch;
  const settingsFor = (tenant: Tenant): CaptchaSettings | null => {
    const captcha = tenant.site.leads.captcha;
    return captcha && environment[captcha.secret_env] ? captcha : null;
  };
  return {
    settingsFor,
    widgetFor(tenant) {
      const settings = settingsFor(tenant);
      return settings ? captchaWidget(settings.provider, settings.site_key, options.scriptUrl) : null;
    },
    async verify(settings, token, remoteIp) {
      const body = new URLSearchParams({ secret: environment[settings.secret_env] ?? "", response: token });
      if (remoteIp) body.set("remoteip", remoteIp);
      try {
        const response = await doFetch(options.verifyUrl ?? CAPTCHA_PROVIDERS[settings.provider].verifyUrl, {
          method: "POST",
          headers: { Accept: "application/json", "Content-Type": "application/x-www-form-urlencoded" },
          body,
          redirect: "error",
          signal: AbortSignal.timeout(options.timeoutMs),
        });
        return await readVerdict(response);
      } catch (error) {
        const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
        return { outcome: "unavailable", detail: timedOut ? "timeout" : error instanceof Error ? error.message : "unreachable" };
      }
    },
  };
}
