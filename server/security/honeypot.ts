import { Honeypot, SpamError } from "remix-utils/honeypot/server";
import { env } from "../lib/env";

let instance: Honeypot | undefined;

/** remix-utils' honeypot with its default field names; the timestamp is encrypted with the session secret. */
export function honeypot(): Honeypot {
  instance ??= new Honeypot({ encryptionSeed: env().sessionSecrets[0] });
  return instance;
}

/** True when a bot filled the hidden field (or replayed a bad timestamp). */
export function isSpam(formData: FormData): boolean {
  try {
    honeypot().check(formData);
    return false;
  } catch (error) {
    if (error instanceof SpamError) return true;
    throw error;
  }
}
