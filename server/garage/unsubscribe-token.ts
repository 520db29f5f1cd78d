import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The unsubscribe link in an alert works without signing in. It names the saved car and
 * carries an HMAC of it under the session secret, so nobody can unsubscribe another shopper's alerts.
 */
export type UnsubscribeTarget = { tenant: string; savedId: number };

function mac(secret: string, target: UnsubscribeTarget): string {
  return createHmac("sha256", secret).update(`unsubscribe|${target.tenant}|${target.savedId}`).digest("base64url");
}

export function unsubscribeToken(secrets: readonly string[], target: UnsubscribeTarget): string {
  return `${target.savedId}.${mac(secrets[0] ?? "", target)}`;
}

/** The saved car's id when the token is ours (any rotating secret), else null. */
export function readUnsubscribeToken(secrets: readonly string[], tenant: string, token: unknown): number | null {
  if (typeof token !== "string") return null;
  const match = /^([1-9][0-9]{0,15})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const savedId = Number(match[1]);
  const given = Buffer.from(match[2], "base64url");
  for (const secret of secrets) {
    const expected = Buffer.from(mac(secret, { tenant, savedId }), "base64url");
    if (expected.length === given.length && timingSafeEqual(expected, given)) return savedId;
  }
  return null;
}
