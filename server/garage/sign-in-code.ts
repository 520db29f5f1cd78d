import { createHmac, randomInt, timingSafeEqual } from "node:crypto";

/** A sign-in code is 6 digits, valid 10 minutes, 5 attempts, single use. */
export const CODE_DIGITS = 6;
export const CODE_TTL_MS = 10 * 60 * 1000;
export const CODE_MAX_ATTEMPTS = 5;

export function newSignInCode(): string {
  return String(randomInt(0, 10 ** CODE_DIGITS)).padStart(CODE_DIGITS, "0");
}

/** Only an HMAC of the code is stored: a copy of the table cannot be tried against a million codes. */
export function hashSignInCode(secret: string, tenant: string, email: string, code: string): string {
  return createHmac("sha256", secret).update(`${tenant}|${email}|${code}`).digest("hex");
}

export function isCodeShaped(value: unknown): value is string {
  return typeof value === "string" && new RegExp(`^[0-9]{${CODE_DIGITS}}$`).test(value);
}

export type StoredCode = { code_hash: string; attempts: number; expires_at: number; used_at: number | null };

export type CodeCheck =
  { kind: "ok" } | { kind: "wrong"; attemptsLeft: number } | { kind: "expired" } | { kind: "used_up" } | { kind: "no_code" };

/**
 * The latest code sent to this email against what was typed. A used code, or one wrong 5 times, is
 * finished; an expired one says so; a wrong guess counts an attempt (the caller records it).
 */
export function checkSignInCode(stored: StoredCode | null, typedHash: string, now: number): CodeCheck {
  if (stored === null) return { kind: "no_code" };
  if (stored.used_at !== null || stored.attempts >= CODE_MAX_ATTEMPTS) return { kind: "used_up" };
  if (now >= stored.expires_at) return { kind: "expired" };
  const a = Buffer.from(stored.code_hash, "hex");
  const b = Buffer.from(typedHash, "hex");
  if (a.length === b.length && timingSafeEqual(a, b)) return { kind: "ok" };
  return { kind: "wrong", attemptsLeft: Math.max(0, CODE_MAX_ATTEMPTS - stored.attempts - 1) };
}

/** Emails are compared lower-cased and trimmed; one account per address per site. */
export function normaliseEmail(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const email = value.trim().toLowerCase();
  if (email.length > 254 || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) return null;
  return email;
}
