import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/** A human needs at least this long to fill a form; faster posts are bots. */
export const MIN_FILL_TIME_MS = 2000;
/** Older tokens are refused so one fetched form cannot be replayed forever. */
export const FILL_TOKEN_MAX_AGE_MS = 24 * 60 * 60 * 1000;

export type FillCheck = "ok" | "too-fast" | "invalid";

function mac(tenantSlug: string, issuedAt: number, nonce: string, secret: string): string {
  return createHmac("sha256", secret).update(`fill:${tenantSlug}:${issuedAt}:${nonce}`).digest("base64url");
}

/**
 * The hidden-field value rendered with the form: issue time, a random nonce and their signature.
 * The nonce makes every rendered form's token its own (a token serves one lead), even
 * two forms rendered in the same millisecond.
 */
export function issueFillToken(tenantSlug: string, now: number, secrets: readonly string[]): string {
  const nonce = randomBytes(9).toString("base64url");
  return `${now}.${nonce}.${mac(tenantSlug, now, nonce, secrets[0])}`;
}

const TOKEN_PATTERN = /^(\d{1,15})\.([A-Za-z0-9_-]{12})\.([A-Za-z0-9_-]{43})$/;

/** Any of the rotating secrets may have signed the token. */
export function checkFillToken(token: string | undefined, tenantSlug: string, now: number, secrets: readonly string[]): FillCheck {
  const match = TOKEN_PATTERN.exec(token ?? "");
  if (!match) return "invalid";
  const issuedAt = Number(match[1]);
  const given = Buffer.from(match[3]);
  const signed = secrets.some((secret) => {
    const expected = Buffer.from(mac(tenantSlug, issuedAt, match[2], secret));
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
  if (!signed || now - issuedAt > FILL_TOKEN_MAX_AGE_MS || issuedAt > now) return "invalid";
  return now - issuedAt < MIN_FILL_TIME_MS ? "too-fast" : "ok";
}

/** A checked token as the store records its use: the signature (unique per token) and the issue time. */
export function fillTokenUse(token: string): { token: string; issuedAt: number } | null {
  const match = TOKEN_PATTERN.exec(token);
  return match ? { token: match[3], issuedAt: Number(match[1]) } : null;
}
