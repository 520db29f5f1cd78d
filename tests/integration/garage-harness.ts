import { readFile, readdir, stat } from "node:fs/promises";
import path from "node:path";
import { expect } from "vitest";
import { GARAGE_MESSAGES } from "~/server/garage/messages";
import { mailboxDir } from "~/server/leads/delivery/local-mailbox";
import type { FormsApp, Reply } from "./forms-harness";

/** The message as a mail client shows it: quoted-printable soft breaks joined and =XX decoded (ASCII is enough here). */
function quotedPrintable(raw: string): string {
  return raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** Shared steps of the garage tests: cookies, form posts, the mailed code, /api/auth, sign-in. */
export function garageSteps(app: () => FormsApp, defaultHost: string) {
  function setCookie(reply: Reply, name: string): string | null {
    const header = [reply.headers["set-cookie"] ?? []].flat().find((cookie) => cookie.startsWith(`${name}=`));
    return header ? header.split(";")[0]! : null;
  }

  function post(urlPath: string, fields: Record<string, string>, cookie = "", host = defaultHost, ip?: string): Promise<Reply> {
    return app().send(host, urlPath, {
      method: "POST",
      body: new URLSearchParams(fields).toString(),
      ip,
      headers: { "content-type": "application/x-www-form-urlencoded", cookie },
    });
  }

  /** The emails in the local mailbox for this address, newest first, as raw text (soft line breaks joined). */
  async function mailFor(tenant: string, to: string): Promise<string[]> {
    const dir = path.join(mailboxDir(process.env.DATA_DIR ?? ""), tenant);
    const names = await readdir(dir).catch(() => [] as string[]);
    const files = await Promise.all(
      names.map(async (name) => {
        const file = path.join(dir, name);
        return { raw: quotedPrintable(await readFile(file, "utf8")), at: (await stat(file)).mtimeMs };
      }),
    );
    return files
      .filter((f) => f.raw.includes(`To: ${to}`))
      .sort((a, b) => b.at - a.at)
      .map((f) => f.raw);
  }

  /** The newest code mailed to this address, read from the local mailbox as a shopper reads the email. */
  async function mailedCode(tenant: string, to: string): Promise<string> {
    const codes = (await mailFor(tenant, to)).map((raw) => /sign-in code for .+ is (\d{6})\./.exec(raw)?.[1]).filter(Boolean);
    expect(codes[0]).toMatch(/^\d{6}$/);
    return codes[0]!;
  }

  async function auth(cookie: string, host = defaultHost) {
    const reply = await app().send(host, "/api/auth", { headers: { cookie } });
    expect(reply.status).toBe(200);
    return JSON.parse(reply.body) as { user: { email: string; name: string | null } | null; watchlist: number[] };
  }

  async function signIn(email: string, visitor = "", base = "/my-garage", host = defaultHost): Promise<{ garage: string; reply: Reply }> {
    const asked = await post(base, { intent: "request-code", email }, visitor, host);
    expect(asked.status).toBe(200);
    expect(asked.body).toContain(GARAGE_MESSAGES.codeSent(email.toLowerCase()));
    const code = await mailedCode(host.split(".")[0]!, email.toLowerCase());
    const reply = await post(base, { intent: "verify-code", email, code }, visitor, host);
    expect(reply.status).toBe(303);
    const garage = setCookie(reply, "fc_garage");
    expect(garage).not.toBeNull();
    return { garage: garage!, reply };
  }

  return { setCookie, post, mailFor, mailedCode, auth, signIn };
}
