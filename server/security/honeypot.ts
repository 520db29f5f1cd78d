import { Honeypot } from "remix-utils/honeypot/server";

/** remix-utils' honeypot with its default field names; the timestamp is encrypted with the session secret. */
export function createHoneypot(sessionSecret: string): Honeypot {
  return new Honeypot({ encryptionSeed: sessionSecret });
}

/**
 * True when a bot filled the hidden field or sent a timestamp we did not encrypt. Any failure of the
 * check counts: junk in the timestamp field makes crypto-js throw a plain Error ("Malformed UTF-8
 * data"), which is still a bot's doing and never a reason for a 500.
 */
export function isSpam(honeypot: Honeypot, formData: FormData): boolean {
  try {
    honeypot.check(formData);
    return false;
  } catch {
    // A SpamError (a filled honeypot, a too-early or replayed timestamp) or a timestamp field that does
    // not decrypt at all (crypto-js: 'Malformed UTF-8 data'): neither came from our form, so both get
    // the spam answer, never a 500.
    return true;
  }
}
