import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { readHeaders } from "~/server/leads/delivery/local-mailbox";

const port = Number(process.env.E2E_PORT ?? 3100);
const mailPort = Number(process.env.E2E_MAIL_PORT ?? port + 1000);
/** The second e2e server (playwright.config.ts): real leads, delivered to its local mailbox. */
const MAIL_DATA_DIR = path.resolve(process.env.E2E_MAIL_DATA_DIR ?? `${process.env.E2E_DATA_DIR ?? "./data/e2e"}-mail`);

export function mailTenantUrl(slug: string, urlPath = "/"): string {
  return `http://${slug}.localhost:${mailPort}${urlPath}`;
}

export type MailboxMessage = { to: string; subject: string; body: string };

/** Quoted-printable soft breaks and escapes undone, so the test reads the text a mail client shows. */
function readable(raw: string): string {
  return raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/**
 * The .eml files the server wrote to DATA_DIR/mailbox/<tenant>/ for the lead carrying this email
 * (found in its database; each file is named for the lead's idempotency key, which starts with its id).
 */
export function mailboxMessagesFor(tenant: string, email: string): MailboxMessage[] {
  const db = new Database(path.join(MAIL_DATA_DIR, "forecourt.db"), { readonly: true, fileMustExist: true });
  let ids: string[];
  try {
    const rows = db.prepare("select id from leads where tenant = ? and json_extract(payload, '$.email') = ?").all(tenant, email) as Array<{
      id: string;
    }>;
    ids = rows.map((row) => row.id);
  } finally {
    db.close();
  }
  const dir = path.join(MAIL_DATA_DIR, "mailbox", tenant);
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names
    .filter((name) => name.endsWith(".eml") && ids.some((id) => name.startsWith(id)))
    .map((name) => {
      const raw = readFileSync(path.join(dir, name), "utf8");
      const headers = readHeaders(raw);
      return { to: headers.get("to") ?? "", subject: headers.get("subject") ?? "", body: readable(raw) };
    });
}
