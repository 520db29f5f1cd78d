import http from "node:http";
import type { ServerBuild } from "@remix-run/node";
import { Honeypot } from "remix-utils/honeypot/server";
import { expect } from "vitest";
import { createApp } from "~/server/http/app";
import { servicesFor } from "./support/services";
import type { Db } from "~/server/db/connection";
import { issueFillToken } from "~/server/leads/fill-time";
import { formFields, type FieldDescription } from "~/server/leads/forms";
import type { FormKind } from "~/server/leads/form-kinds";
import { TEST_PHONE_NUMBER } from "~/server/leads/phone";
import type { Services } from "~/server/services";
import { loadTenants, type Tenant } from "~/server/tenants/load";
import { TenantDirectory } from "~/server/tenants/resolve";
import { forFile } from "./support/file-scope";
import { listen, loadBuild } from "./support/http";
import { openTestDb } from "./support/test-db";

/** The secret the app under test signs cookies, fill tokens and the honeypot with. */
export const TEST_SECRET = "forms-test-secret-0123456789abcdef";

export type Reply = { status: number; headers: http.IncomingHttpHeaders; body: string };

export type FormsApp = {
  port: number;
  db: Db;
  services: Services;
  tenants: Tenant[];
  tenant(slug: string): Tenant;
  send(
    host: string,
    urlPath: string,
    init?: { method?: string; body?: string | Buffer; headers?: Record<string, string>; ip?: string },
  ): Promise<Reply>;
  /** A url-encoded POST with valid honeypot fields and a fill token minted 5 s ago, unless overridden. */
  postForm(
    host: string,
    urlPath: string,
    fields: Record<string, string | string[]>,
    options?: { ip?: string; fillToken?: string; honeypot?: string; headers?: Record<string, string> },
  ): Promise<Reply>;
  leadCount(tenantSlug?: string): Promise<number>;
  close(): Promise<void>;
};

let ipCounter = 0;
/** Each call a new client address, so the per-IP rate limit only bites where a test means it to. */
export function freshIp(): string {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

async function databaseForApp(): Promise<{ db: Db; cleanup: () => Promise<void> }> {
  const { handle, cleanup } = await openTestDb({ forApp: true });
  return { db: handle, cleanup };
}

type StartOptions = { db?: Db; build?: ServerBuild; prepareTenants?: (tenants: Tenant[]) => void };

/**
 * startFormsApp for a whole test file (see forFile): started before its tests, closed after them.
 * Options that must be made in the file's beforeAll (a database, a build) can be given as a function.
 */
export function formsAppForFile(
  env: Record<string, string | undefined> = {},
  options: StartOptions | (() => StartOptions | Promise<StartOptions>) = {},
): FormsApp {
  return forFile(
    async () => startFormsApp(env, typeof options === "function" ? await options() : options),
    (app) => app.close(),
  );
}

/**
 * The production build behind createApp, over a fresh database (SQLite, or a PostgreSQL schema when
 * DATABASE_URL is set). Proxy trust is on so each test can pick its client address (X-Forwarded-For).
 */
export async function startFormsApp(env: Record<string, string | undefined> = {}, options: StartOptions = {}): Promise<FormsApp> {
  Object.assign(process.env, {
    SESSION_SECRET: TEST_SECRET,
    RATE_LIMIT_PER_MINUTE: "8",
    MOCK_LEADS: "1",
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? "silent",
    LEAD_DELIVERY: "off",
  });
  for (const [key, value] of Object.entries(env)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  const database = await databaseForApp();
  const tenants = loadTenants();
  options.prepareTenants?.(tenants);
  const directory = new TenantDirectory(tenants, { defaultTenant: "harbourside", trustProxy: false });
  const services = await servicesFor({ tenants: directory, db: options.db ?? database.db });
  const app = createApp({ build: options.build ?? (await loadBuild()), services, mode: "production", trustProxy: true });
  const server = await listen(app);
  const honeypot = new Honeypot({ encryptionSeed: TEST_SECRET });

  const send: FormsApp["send"] = (host, urlPath, init = {}) =>
    new Promise((resolve, reject) => {
      const headers: Record<string, string> = { host, "x-forwarded-for": init.ip ?? freshIp(), ...init.headers };
      if (init.body !== undefined) headers["content-length"] = String(Buffer.byteLength(init.body));
      const req = http.request(
        { host: "127.0.0.1", port: server.port, path: urlPath, method: init.method ?? "GET", headers, agent: false },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString("utf8") }));
        },
      );
      req.on("error", reject);
      if (init.body !== undefined) req.write(init.body);
      req.end();
    });

  return {
    port: server.port,
    db: database.db,
    services,
    tenants,
    tenant: (slug) => {
      const found = tenants.find((t) => t.slug === slug);
      if (!found) throw new Error(`no tenant ${slug}`);
      return found;
    },
    send,
    postForm(host, urlPath, fields, options = {}) {
      const slug = host.split(".")[0];
      const body = new URLSearchParams();
      body.append("name__confirm", options.honeypot ?? "");
      body.append("from__confirm", honeypot.getInputProps({ validFromTimestamp: Date.now() - 60_000 }).encryptedValidFrom ?? "");
      body.append("_fill", options.fillToken ?? issueFillToken(slug, Date.now() - 5000, [TEST_SECRET]));
      for (const [name, value] of Object.entries(fields)) for (const item of [value].flat()) body.append(name, item);
      return send(host, urlPath, {
        method: "POST",
        body: body.toString(),
        ip: options.ip,
        headers: { "content-type": "application/x-www-form-urlencoded", ...options.headers },
      });
    },
    async leadCount(tenantSlug) {
      let query = database.db.db.selectFrom("leads").select((eb) => eb.fn.countAll<number>().as("n"));
      if (tenantSlug) query = query.where("tenant", "=", tenantSlug);
      const row = await query.executeTakeFirstOrThrow();
      return Number(row.n);
    },
    async close() {
      await server.close();
      await database.cleanup();
    },
  };
}

/** What validFields types into a field of this name. */
const VALID_VALUES: Record<string, string> = {
  name: "Jane Citizen",
  last_name: "Citizen",
  email: "jane@example.com",
  phone: TEST_PHONE_NUMBER,
  postcode: "2000",
  message: "Please call me about this.",
  "Vehicle Make": "Toyota",
  "Vehicle Model": "Corolla",
  "Vehicle Year": "2015",
  terms: "on",
  category: "General",
};

/** A value each field accepts on this tenant (the test phone number is accepted in every region). */
export function validFields(kind: FormKind, tenant: Tenant, overrides: Record<string, string> = {}): Record<string, string> {
  const values: Record<string, string> = {};
  const pick = (field: FieldDescription): string | null => {
    if (Object.hasOwn(VALID_VALUES, field.name)) return VALID_VALUES[field.name];
    if (field.type === "select" && field.options && field.options.length > 0) return field.options[0].value;
    return null;
  };
  for (const field of formFields(kind, tenant)) {
    const value = pick(field);
    if (value !== null) values[field.name] = value;
  }
  return { ...values, ...overrides };
}

/** The cookie of this name a reply sets, as a Cookie header sends it back ("name=value"); expects it set. */
export function cookieNamed(reply: Reply, name: string): string {
  const header = [reply.headers["set-cookie"] ?? []].flat().find((cookie) => cookie.startsWith(`${name}=`));
  expect(header, `${name} set`).toBeDefined();
  return (header ?? "").split(";")[0];
}

/** 'Forget my details' posted as its form posts without JavaScript: return_to, and the visitor's cookies when given. */
export function forgetMyDetails(app: FormsApp, host: string, returnTo: string, cookie?: string): Promise<Reply> {
  return app.send(host, "/forget-my-details", {
    method: "POST",
    body: `return_to=${encodeURIComponent(returnTo)}`,
    headers: { ...(cookie === undefined ? {} : { cookie }), "content-type": "application/x-www-form-urlencoded" },
  });
}

/** HTML-escaped as React renders text. */
export function html(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");
}
