import { createHash, randomBytes } from "node:crypto";

/** A garage session lasts 30 days. */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** The opaque id the cookie carries: 32 random bytes. */
export function newSessionToken(): string {
  return randomBytes(32).toString("base64url");
}

/** The database keeps only the token's SHA-256, so a copy of the table signs no one in. */
export function hashSessionToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export function isSessionTokenShaped(value: unknown): value is string {
  return typeof value === "string" && /^[A-Za-z0-9_-]{43}$/.test(value);
}

export type StoredSession = { tenant: string; expires_at: number };

/** A session is good on its own site until it expires. */
export function sessionIsValid(session: StoredSession | null, tenant: string, now: number): boolean {
  return session !== null && session.tenant === tenant && now < session.expires_at;
}
