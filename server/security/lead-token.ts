import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * The update token POST /api/leads returns once. Only its SHA-256 is stored, so a
 * database copy cannot be used to change leads; 32 random bytes need no slow hash.
 */
export function newUpdateToken(): string {
  return randomBytes(32).toString("base64url");
}

export function hashUpdateToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** Constant time: how long the check takes says nothing about how close a guess was. */
export function updateTokenMatches(token: string | null, storedHash: string | null): boolean {
  if (!token || !storedHash) return false;
  const given = Buffer.from(hashUpdateToken(token), "hex");
  const expected = Buffer.from(storedHash, "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** A fresh nonce for each saved multi-step version, carried by the progress cookie. */
export function newFlowNonce(): string {
  return randomBytes(16).toString("base64url");
}
