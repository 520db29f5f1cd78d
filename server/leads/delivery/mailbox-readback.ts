import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import type { Kysely } from "kysely";
import type { Database } from "~/server/db/types";
import type { Tenant } from "~/server/tenants/load";
import { emailFor } from "./email";
import { mailboxDir, readHeaders } from "./local-mailbox";
import { outboxRow, selectOutboxRows } from "~/server/leads/outbox";

/**
 * The QA read-back of email: what the tenant's outbox holds for an address (the ADF email and the
 * notification, rendered exactly as the deliverer sends them — so it works on any database and
 * whatever the mailer) and, without SMTP_URL, the .eml files the local mailbox wrote for it (which
 * also holds mail that never passes the outbox, such as garage sign-in codes).
 */
export type ReadbackMessage = {
  source: "outbox" | "mailbox";
  /** The lead the message is about (outbox rows; mailbox files named for a lead's key). */
  lead_id: string | null;
  /** Outbox only: the destination and its delivery state. */
  destination: string | null;
  state: string | null;
  to: string[];
  subject: string;
  body: string;
  date: string;
};

/** Newest first; the outbox and the mailbox folder are read this far back. */
const SCAN_LIMIT = 500;
export const READBACK_MAX_MESSAGES = 50;

const ADDRESS = /[^\s<>,;"']+@[^\s<>,;"']+/g;

export function recipientsOf(header: string): string[] {
  return [...header.matchAll(ADDRESS)].map((match) => match[0].toLowerCase());
}

function quotedPrintable(text: string): string {
  const bytes = Buffer.from(text.replace(/=\r?\n/g, ""), "latin1");
  const out: number[] = [];
  for (let i = 0; i < bytes.length; i += 1) {
    const hex = bytes.subarray(i + 1, i + 3).toString("latin1");
    if (bytes[i] === 0x3d && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      out.push(parseInt(hex, 16));
      i += 2;
    } else out.push(bytes[i]);
  }
  return Buffer.from(out).toString("utf8");
}

function decodePart(headers: Map<string, string>, body: string): string {
  const encoding = (headers.get("content-transfer-encoding") ?? "7bit").toLowerCase();
  if (encoding === "quoted-printable") return quotedPrintable(body);
  if (encoding === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  return body;
}

function splitMessage(raw: string): { headers: Map<string, string>; body: string } {
  const match = /\r?\n\r?\n/.exec(raw);
  return { headers: readHeaders(raw), body: match ? raw.slice(match.index + match[0].length) : "" };
}

/** The plain-text body a mail client shows: the text/plain part of a multipart message, decoded. */
export function plainTextOf(raw: string): string {
  const { headers, body } = splitMessage(raw);
  const type = headers.get("content-type") ?? "text/plain";
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!type.toLowerCase().startsWith("multipart/") || !boundary) return decodePart(headers, body).trimEnd();
  for (const chunk of body.split(`--${boundary}`).slice(1)) {
    if (chunk.startsWith("--")) break;
    const part = splitMessage(chunk.replace(/^\r?\n/, ""));
    if ((part.headers.get("content-type") ?? "text/plain").toLowerCase().startsWith("text/plain")) {
      return decodePart(part.headers, part.body).trimEnd();
    }
  }
  return "";
}

/** The email rows of the tenant's outbox addressed to `to`, newest first, rendered as sent. */
export async function outboxMessagesTo(db: Kysely<Database>, tenant: Tenant, to: string): Promise<ReadbackMessage[]> {
  const rows = await selectOutboxRows(db)
    .where("lead_outbox.tenant", "=", tenant.slug)
    .where("lead_outbox.destination", "in", ["adf_email", "notification"])
    .orderBy("lead_outbox.id", "desc")
    .limit(SCAN_LIMIT)
    .execute();
  const address = to.toLowerCase();
  const messages: ReadbackMessage[] = [];
  for (const row of rows) {
    const stored = outboxRow(row);
    let email;
    try {
      email = emailFor(stored, tenant);
    } catch {
      // The site's addresses changed since the row was written: that row has no email to show.
      continue;
    }
    const recipients = recipientsOf(email.to);
    if (!recipients.includes(address)) continue;
    messages.push({
      source: "outbox",
      lead_id: row.lead_id,
      destination: row.destination,
      state: row.state,
      to: recipients,
      subject: email.subject,
      body: email.text,
      date: new Date(stored.created_at).toISOString(),
    });
    if (messages.length >= READBACK_MAX_MESSAGES) break;
  }
  return messages;
}

const LEAD_KEY = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})_v\d+_/;

/** The local mailbox's .eml files for the tenant addressed to `to`, newest first. */
export async function mailboxMessagesTo(dataDir: string, tenant: string, to: string): Promise<ReadbackMessage[]> {
  const dir = path.join(mailboxDir(dataDir), tenant);
  let names: string[];
  try {
    names = (await readdir(dir)).filter((name) => name.endsWith(".eml"));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  const dated = await Promise.all(names.map(async (name) => ({ name, mtime: (await stat(path.join(dir, name))).mtimeMs })));
  dated.sort((a, b) => b.mtime - a.mtime || a.name.localeCompare(b.name));
  const address = to.toLowerCase();
  const messages: ReadbackMessage[] = [];
  for (const { name, mtime } of dated.slice(0, SCAN_LIMIT)) {
    const raw = await readFile(path.join(dir, name), "utf8");
    const headers = readHeaders(raw);
    const recipients = recipientsOf(headers.get("to") ?? "");
    if (!recipients.includes(address)) continue;
    messages.push({
      source: "mailbox",
      lead_id: LEAD_KEY.exec(name)?.[1] ?? null,
      destination: null,
      state: null,
      to: recipients,
      subject: headers.get("subject") ?? "",
      body: plainTextOf(raw),
      date: new Date(Date.parse(headers.get("date") ?? "") || mtime).toISOString(),
    });
    if (messages.length >= READBACK_MAX_MESSAGES) break;
  }
  return messages;
}
