import { Honeypot } from "remix-utils/honeypot/server";

/** remix-utils' honeypot with its default field names; the timestamp is encrypted with the session secret. */
export function createHoneypot(sessionSecret: string): Honeypot {
  return new Honeypot({ encryptionSeed: sessionSecret });
}

/** True when a bot filled the hidden field (or replayed a bad timestamp). */
export function isSpam(honeypot: Honeypot, formData: FormData): boolean {
  try {
    honeypot.check(formData);
    return false;
  } catch {
    // A SpamError (checked by name would be needed: remix-utils is bundled twice) or a timestamp field
    // that does not decrypt (crypto-js: 'Malformed UTF-8 data'): neither was written by our form, so
    // both get the spam answer, never a 500.
    return true;
  }
}
