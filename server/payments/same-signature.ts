import { timingSafeEqual } from "node:crypto";

/** Constant-time comparison of a computed signature with the one received (missing: false). */
export function sameSignature(expected: string, given: string | null): boolean {
  if (!given) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}
