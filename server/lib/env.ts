import { randomBytes } from "node:crypto";
import { z } from "~/server/lib/zod";
import { qaReadbackRefusal } from "./qa-readback-rule";
import { parseTrustProxy } from "./trust-proxy";

const flag = z
  .enum(["0", "1", "true", "false", ""])
  .optional()
  .transform((value) => value === "1" || value === "true");

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  /** 0 picks a free port (tests); the start line prints the one chosen. */
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  /** The port visitors reach when it differs from PORT (a container's published port): only the start line's links use it. */
  PUBLISHED_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  DATA_DIR: z.string().default("./data"),
  TENANTS_DIR: z.string().default("tenants"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "expected postgres://…")
    .optional(),
  /**
   * How long a start waits for an unreachable PostgreSQL (seconds), retrying with backoff; 0 fails at
   * once (a supervisor that restarts the process itself).
   */
  DATABASE_START_WAIT_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  DEFAULT_TENANT: z.string().default("harbourside"),
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value, ctx) => {
      const parsed = parseTrustProxy(value);
      if (parsed.ok) return parsed.value;
      ctx.addIssue({ code: "custom", message: parsed.message });
      return z.NEVER;
    }),
  MOCK_LEADS: flag,
  SESSION_SECRET: z.string().min(16, "expected at least 16 characters").optional(),
  MEILISEARCH_HOST: z.url().optional(),
  MEILISEARCH_API_KEY: z.string().optional(),
  /** GET /metrics answers only `Authorization: Bearer <this>`; unset, /metrics answers 404. */
  METRICS_TOKEN: z.string().min(16, "expected at least 16 characters").optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  LEAD_DELIVERY: z.enum(["on", "off"]).default("on"),
  /** Lead emails go out over this server (smtp://user:pass@host:587, smtps://…); unset: the local mailbox under DATA_DIR. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "expected smtp://… or smtps://…")
    .optional(),
  /** The sender address of lead emails; the display name is the site's. */
  MAIL_FROM: z.email().default("leads@forecourt.example"),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  /** Leads per client address per minute over every site of the platform. */
  RATE_LIMIT_ACROSS_SITES_PER_MINUTE: z.coerce.number().int().min(1).default(20),
  /** Limits shared by every instance through this Redis (redis://host:6379). */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, "expected redis://…")
    .optional(),
  /** How long a partner lookup (NEVDIS, Autograb, Car Clarity) may take before it answers 504. */
  PARTNER_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
  /** How long a captcha verification (Turnstile, hCaptcha) may take before the tenant's `leads.captcha.fail` policy applies. */
  CAPTCHA_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(3_000),
  /** A local fake of the providers' siteverify endpoint (tests, DEMO_FAKES); never set in production. */
  CAPTCHA_VERIFY_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** The widget script for every provider; only DEMO_FAKES points it at the fake (/__fakes/captcha/api.js). */
  CAPTCHA_SCRIPT_URL: z.string().min(1).optional(),
  /** Posts of any kind per client address per minute, counted before a body is read. */
  POST_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(300),
  /**
   * Request body bytes per client address per minute (8 MB), charged from Content-Length before the
   * body is read: one client looping large posts must not multiply other tenants' latency.
   */
  POST_BODY_BYTES_PER_MINUTE: z.coerce
    .number()
    .int()
    .min(1)
    .default(8 * 1024 * 1024),
  /** The largest stock feed accepted (bytes); 50 MB. */
  STOCK_FEED_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1)
    .default(50 * 1024 * 1024),
  /** A folder of per-tenant drop folders (`<dir>/<slug>/`) whose complete files are imported; unset: no drop folder. */
  STOCK_DROP_DIR: z.string().min(1).optional(),
  /** A dropped file is complete once its size and mtime have not changed for this long (seconds). */
  STOCK_DROP_STABLE_SECONDS: z.coerce.number().min(0).max(3600).default(10),
  /** How often the drop folders are scanned besides watch events, which network filesystems and containers lose (seconds). */
  STOCK_DROP_SCAN_SECONDS: z.coerce.number().positive().max(3600).default(15),
  /**
   * Memory for the server's own cache of anonymous public pages, kept as long as a shared cache may keep
   * them (s-maxage, 1 s) (MB); 0 turns it off, each view rendered anew.
   */
  PAGE_CACHE_MB: z.coerce.number().min(0).max(4096).default(64),
  /** How often each instance checks the database for new stock (ms). */
  STOCK_POLL_MS: z.coerce.number().int().min(100).default(1000),
  /** Stripe deposits for sites with payment_provider Stripe; both unset: reservation requests only. */
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** A local fake of Stripe's API (tests, DEMO_FAKES): scheme, host and port only (the client adds /v1/…); never set in production. */
  STRIPE_API_BASE: z.url().optional(),
  /** With it, shoppers with JavaScript pay in the Payment Element on our page (else hosted Checkout only). */
  STRIPE_PUBLISHABLE_KEY: z.string().min(1).optional(),
  /** Stripe.js; only DEMO_FAKES points it at the fake (/__fakes/stripe/v3.js). Default https://js.stripe.com/v3/. */
  STRIPE_JS_URL: z.string().min(1).optional(),
  /** Till hosted payment page for sites with payment_provider Till (the connector's API key, API user and password, shared secret); all four or none. */
  TILL_API_KEY: z.string().min(1).optional(),
  TILL_USERNAME: z.string().min(1).optional(),
  TILL_PASSWORD: z.string().min(1).optional(),
  TILL_SHARED_SECRET: z.string().min(1).optional(),
  /** A local fake of Till's gateway (tests, DEMO_FAKES); default https://gateway.tillpayments.com. */
  TILL_API_BASE: z.url().optional(),
  /** St George (Fiserv IPG Connect) for sites with payment_provider "St George": store id and Connect shared secret, IPG REST API key and secret (refunds); all four or none. */
  STGEORGE_STORE_ID: z.string().min(1).optional(),
  STGEORGE_SHARED_SECRET: z.string().min(1).optional(),
  STGEORGE_API_KEY: z.string().min(1).optional(),
  STGEORGE_API_SECRET: z.string().min(1).optional(),
  /** Local fakes (tests, DEMO_FAKES): the Connect form's action and the REST API base. */
  STGEORGE_CONNECT_URL: z.url().optional(),
  STGEORGE_API_BASE: z.url().optional(),
  /** The QA read-back API (/api/qa/*) answers requests bearing this token; unset: the API is 404. */
  QA_TOKEN: z.string().min(16, "expected at least 16 characters").optional(),
  /** Allows QA_TOKEN in production without MOCK_LEADS (a staging copy delivering to test inboxes). */
  QA_READBACK: flag,
  /** Read-back requests per client address per minute (good or bad token alike). */
  QA_READBACK_PER_MINUTE: z.coerce.number().int().min(1).default(300),
});

export type Env = z.infer<typeof envSchema> & { sessionSecrets: string[]; sessionSecretIsEphemeral: boolean };

/** Validated environment; throws a one-line Error naming the variable. */
export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new Error(`environment: ${issue?.path.join(".") ?? "?"}: ${issue?.message ?? "invalid"}`);
  }
  const data = result.data;
  const qaRefusal = qaReadbackRefusal(data);
  if (qaRefusal) throw new Error(`environment: QA_TOKEN: ${qaRefusal}`);
  // Without a configured secret, a random one per process: a fixed fallback would let anyone forge
  // the signed cookies, and a random one only costs visitors their cookies on restart.
  const sessionSecrets = data.SESSION_SECRET ? data.SESSION_SECRET.split(",") : [randomBytes(32).toString("hex")];
  return { ...data, sessionSecrets, sessionSecretIsEphemeral: !data.SESSION_SECRET };
}

/** A DEFAULT_TENANT no folder provides would only show up as 404s on localhost. */
export function checkDefaultTenant(defaultTenant: string, slugs: readonly string[]): void {
  if (!slugs.includes(defaultTenant)) {
    throw new Error(`environment: DEFAULT_TENANT: no tenant "${defaultTenant}" (tenants: ${slugs.join(", ")})`);
  }
}
