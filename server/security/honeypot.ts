import { Honeypot, type HoneypotInputProps } from "remix-utils/honeypot/server";

/**
 * remix-utils' honeypot whose encrypted "valid from" time is made once a second rather than once a form
 * page: crypto-js's AES took 5.6 % of /contact's CPU. The check only asks that the value decrypts to a
 * time not in the future (our fill token times the visitor), so the value is not a secret per visitor:
 * everyone who opens a form within the same second gets the same one, stamped at that second's start.
 */
class OncePerSecondHoneypot extends Honeypot {
  private current: { second: number; props: HoneypotInputProps } | null = null;

  override getInputProps({ validFromTimestamp }: { validFromTimestamp?: number } = {}): HoneypotInputProps {
    if (validFromTimestamp !== undefined) return super.getInputProps({ validFromTimestamp });
    const second = Math.floor(Date.now() / 1000);
    if (this.current?.second !== second) this.current = { second, props: super.getInputProps({ validFromTimestamp: second * 1000 }) };
    return this.current.props;
  }
}

/** remix-utils' honeypot with its default field names; the timestamp is encrypted with the session secret. */
export function createHoneypot(sessionSecret: string): Honeypot {
  return new OncePerSecondHoneypot({ encryptionSeed: sessionSecret });
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
