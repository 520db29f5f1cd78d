import { createTransport } from "nodemailer";
import { createLocalMailbox } from "./local-mailbox";

/** One lead email, ready to send; messageId and headers are derived from the outbox row's idempotency key. */
export type OutgoingEmail = {
  tenant: string;
  /** The outbox idempotency key: the same key always makes the same Message-ID (and mailbox file). */
  key: string;
  /** Display name of the sender (the site); the address is MAIL_FROM. */
  fromName: string;
  to: string;
  replyTo: string | null;
  subject: string;
  text: string;
  html: string | null;
};

export type Mailer = {
  /** "smtp" or "local mailbox <dir>", for logs and status output. */
  readonly description: string;
  send(email: OutgoingEmail): Promise<void>;
  close(): void;
};

export type MailSettings = { SMTP_URL?: string; MAIL_FROM: string; DATA_DIR: string };

// Short enough that one slow server can't hold the deliverer for minutes; the outbox retries with backoff.
const SMTP_TIMEOUT_MS = 15_000;

/** `<key@forecourt>`: receivers that dedupe on Message-ID drop a resend after a crash. */
export function messageIdFor(key: string): string {
  return `<${key.replace(/[^A-Za-z0-9._-]/g, ".")}@forecourt>`;
}

/** The nodemailer message for an email; the local mailbox renders the very same fields. */
export function mailOptions(email: OutgoingEmail, fromAddress: string) {
  return {
    from: { name: email.fromName, address: fromAddress },
    to: email.to,
    replyTo: email.replyTo ?? undefined,
    subject: email.subject,
    text: email.text,
    html: email.html ?? undefined,
    messageId: messageIdFor(email.key),
    headers: { "Idempotency-Key": email.key, "X-Forecourt-Tenant": email.tenant },
  };
}

export function createSmtpMailer(url: string, fromAddress: string): Mailer {
  const transport = createTransport({
    url,
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
  });
  return {
    description: "smtp",
    async send(email) {
      await transport.sendMail(mailOptions(email, fromAddress));
    },
    close: () => transport.close(),
  };
}

/** SMTP when SMTP_URL is set; otherwise the local mailbox under DATA_DIR, so leads arrive somewhere out of the box. */
export function createMailer(settings: MailSettings): Mailer {
  return settings.SMTP_URL
    ? createSmtpMailer(settings.SMTP_URL, settings.MAIL_FROM)
    : createLocalMailbox(settings.DATA_DIR, settings.MAIL_FROM);
}
