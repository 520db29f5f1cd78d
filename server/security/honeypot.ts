import { Honeypot, SpamError } from "remix-utils/honeypot/server";

/** remix-utils' honeypot with its default field names; the timestamp is encrypted with the session secret. */
export function createHoneypot(sessionSecret: string): Honeypot {
  return new Honeypot({ encryptionSeed: sessionSecret });
}

/** True when a bot filled the hidden field (or replayed a bad timestamp). */
export function isSpam(honeypot: Honeypot, formData: FormData): boolean {
  try {
    honeypot.check(formData);
    return false;
  } catch (error) {
    // By name, not instanceof: remix-utils is bundled into the Remix build, so the honeypot built at
    // start and this check can hold two copies of the SpamError class.
    if (error instanceof SpamError || (error instanceof Error && error.name === "SpamError")) return true;
    throw error;
  }
}
