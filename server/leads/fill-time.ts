import { createHmac, timingSafeEqual } from "node:crypto";

/** A human needs at least this long to fill a form; faster posts are bots. */
export const MIN_FILL_TIME_MS = 2000;
/** Older tokens are refused so one fetched form cannot be replayed forever. */
export const FILL_TOKEN_MAX_AGE_MS = 24 * 60 * 60 * 1000;

export type FillCheck = "ok" | "too-fast" | "invalid";

function mac(tenantSlug: string, issuedAt: number, secret: string): string {
  return createHmac("sha256", secret).update(`fill:${tenantSlug}:${issuedAt}`).digest("base64url");
}

/** The hidden-field value rendered with the form: issue time plus its signature. */
export function issueFillToken(tenantSlug: string, now: number, secrets: readonly string[]): string {
  return `${now}.${mac(tenantSlug, now, secrets[0])}`;
}

/** Any of the rotating secrets may have signed the token. */
export function checkFillToken(token: string | undefined, tenantSlug: string, now: number, secrets: readonly string[]): FillCheck {
  const match = /^(\d{1,15})\.([A-Za-z0-9_-]{43})$/.exec(token ?? "");
  if (!match) return "invalid";
  const issuedAt = Number(match[1]);
  const given = Buffer.from(match[2]);
  const signed = secrets.some((secret) => {
    const expected = Buffer.from(mac(tenantSlug, issuedAt, secret));
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
  if (!signed || now - issuedAt > FILL_TOKEN_MAX_AGE_MS || issuedAt > now) return "invalid";
  return now - issuedAt < MIN_FILL_TIME_MS ? "too-fast" : "ok";
}
