import { mkdir, readdir, readFile, rename, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { createTransport } from "nodemailer";
import type { Mailer } from "./mailer";
import { mailOptions } from "./mailer";
import { countOf } from "~/server/lib/plural";

/** Where the local mailbox keeps its .eml files: one folder per tenant under DATA_DIR. */
export function mailboxDir(dataDir: string): string {
  return path.join(dataDir, "mailbox");
}

// One file per idempotency key: a resend after a crash overwrites its own file instead of adding a copy.
function fileName(key: string): string {
  return `${key.replace(/[^A-Za-z0-9.-]/g, "_")}.eml`;
}

/** Without SMTP_URL: each email is rendered exactly as SMTP would send it and written as one .eml file. */
export function createLocalMailbox(dataDir: string, fromAddress: string): Mailer {
  const root = mailboxDir(dataDir);
  const render = createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    description: `local mailbox ${root}`,
    async send(email) {
      const info = await render.sendMail(mailOptions(email, fromAddress));
      const dir = path.join(root, email.tenant);
      const target = path.join(dir, fileName(email.key));
      // Write then rename, so a reader (or a crash) never sees half a message.
      const partial = `${target}.${process.pid}.partial`;
      // The folder is made when a write finds it missing, not before every message (a mkdir each).
      try {
        await writeFile(partial, info.message);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
        await mkdir(dir, { recursive: true });
        await writeFile(partial, info.message);
      }
      await rename(partial, target);
    },
    close: () => render.close(),
  };
}

export type InboxEntry = { tenant: string; file: string; date: Date; to: string; subject: string };

// RFC 2047 encoded words, as nodemailer writes non-ASCII subjects (the subject's em dash); the space
// between two adjacent encoded words is folding, not text.
const ENCODED_WORD = /=\?[^?]+\?([BQ])\?([^?]*)\?=/gi;

function decodeWords(value: string): string {
  return value.replace(/\?=\s+(?==\?)/g, "?=").replace(ENCODED_WORD, (_, encoding: string, text: string) => {
    const bytes =
      encoding.toUpperCase() === "B"
        ? Buffer.from(text, "base64")
        : Buffer.from(
            text.replace(/_/g, " ").replace(/=([0-9A-F]{2})/gi, (_hex, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            "latin1",
          );
    return bytes.toString("utf8");
  });
}

/** The message's header fields (unfolded, decoded), keyed by lower-case name. */
export function readHeaders(raw: string): Map<string, string> {
  const end = raw.search(/\r?\n\r?\n/);
  const block = (end === -1 ? raw : raw.slice(0, end)).replace(/\r?\n[ \t]+/g, " ");
  const headers = new Map<string, string>();
  for (const line of block.split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), decodeWords(line.slice(colon + 1).trim()));
  }
  return headers;
}

async function listDir(dir: string): Promise<string[]> {
  try {
    return await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
}

/** `npm run leads:inbox`: what arrived in the local mailbox, oldest first. */
export async function readInbox(dataDir: string, tenant?: string): Promise<InboxEntry[]> {
  const root = mailboxDir(dataDir);
  const tenants = tenant ? [tenant] : await listDir(root);
  const entries: InboxEntry[] = [];
  for (const slug of tenants) {
    for (const name of await listDir(path.join(root, slug))) {
      if (!name.endsWith(".eml")) continue;
      const file = path.join(root, slug, name);
      const headers = readHeaders(await readFile(file, "utf8"));
      const date = new Date(headers.get("date") ?? (await stat(file)).mtime);
      entries.push({ tenant: slug, file, date, to: headers.get("to") ?? "", subject: headers.get("subject") ?? "" });
    }
  }
  return entries.sort((a, b) => a.date.getTime() - b.date.getTime() || a.file.localeCompare(b.file));
}

/** The text `npm run leads:inbox` prints: one line per message, time, to and subject. */
export function formatInbox(entries: readonly InboxEntry[], dataDir: string): string {
  if (entries.length === 0) return `No messages in ${mailboxDir(dataDir)}.\n`;
  const lines = entries.map((entry) => `${entry.date.toISOString()}  ${entry.to}  ${entry.subject}`);
  return `${lines.join("\n")}\n${countOf(entries.length, "message")} in ${mailboxDir(dataDir)}\n`;
}
