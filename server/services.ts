/**
 * Every long-lived service of one process, built once by server/start.ts (or a test) and handed to
 * loaders and actions through the Remix load context. Modules under server/ create nothing at
 * import time: the Remix bundle and the server process each load them, and two copies of a
 * singleton meant two database handles.
 */
import type { Honeypot } from "remix-utils/honeypot/server";
import type { Db } from "./db/connection";
import { openDb } from "./db/connection";
import { migrateToLatest } from "./db/migrate";
import { seedDemoStock } from "./inventory/demo-seed";
import { createStockStore, type StockStore } from "./inventory/stock-store";
import { watchStock } from "./inventory/stock-watcher";
import { startDeliverer } from "./leads/delivery/deliverer";
import { tenantsWithoutDestination } from "./leads/delivery/destinations";
import { createMailer, type Mailer } from "./leads/delivery/mailer";
import { createRateLimiter, type RateLimiter } from "./leads/rate-limit";
import type { Env } from "./lib/env";
import { logger } from "./lib/logger";
import { createSearchService, type SearchService, type StockProvider } from "./search/backend";
import { cookieSettings, type CookieSettings } from "./security/cookie-settings";
import { createHoneypot } from "./security/honeypot";
import type { TenantDirectory } from "./tenants/resolve";

export type Services = {
  env: Env;
  tenants: TenantDirectory;
  db: Db;
  /** Each tenant's vehicles, stock version and import history, in the database (issue 10). */
  stock: StockStore;
  search: SearchService;
  /** RATE_LIMIT_PER_MINUTE lead submissions per client address per tenant. */
  leadLimiter: RateLimiter;
  honeypot: Honeypot;
  /** How signed cookies are written (secure flag, rotating secrets). */
  cookies: CookieSettings;
  /** Lead emails: SMTP_URL, or the local mailbox under DATA_DIR when unset (issue 11). */
  mailer: Mailer;
};

export type ServiceOptions = {
  env: Env;
  tenants: TenantDirectory;
  /** An open database to use as is (tests); otherwise one is opened from env and migrated. */
  db?: Db;
  /**
   * Where the embedded search engine reads stock (unit tests with fixtures); by default the database,
   * with demo tenants' generated stock loaded first when they have none.
   */
  stock?: StockProvider;
};

export async function createServices(options: ServiceOptions): Promise<Services> {
  const { env } = options;
  let db = options.db;
  if (!db) {
    db = openDb({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
    try {
      await migrateToLatest(db);
    } catch (error) {
      await db.db.destroy();
      throw error;
    }
  }
  const stock = createStockStore(db, { maxFeedBytes: env.STOCK_FEED_MAX_BYTES, log: logger });
  if (!options.stock) await seedDemoStock(stock, options.tenants.tenants, logger);
  for (const slug of tenantsWithoutDestination(options.tenants.tenants)) {
    logger.warn(
      { tenant: slug },
      `tenant ${slug} has no lead destination (leads.webhook, leads.adf or leads.email in site.json): its leads are stored but reach no one`,
    );
  }
  const mailer = createMailer(env);
  logger.info({ mailer: mailer.description }, "lead emails go out through this mailer");
  return {
    env,
    tenants: options.tenants,
    db,
    stock,
    search: createSearchService({ stock: options.stock ?? ((tenant) => stock.loadVehicles(tenant.slug)), meilisearch: env }),
    leadLimiter: createRateLimiter(env.RATE_LIMIT_PER_MINUTE),
    honeypot: createHoneypot(env.sessionSecrets[0] ?? ""),
    cookies: cookieSettings(env),
    mailer,
  };
}

// Often enough that a dealer sees a lead within seconds; the backoff schedule lives in the outbox rows.
const DELIVERY_INTERVAL_MS = 5_000;

export type BackgroundWork = { stop(): Promise<void> };

/**
 * Work the server runs beside requests: the stock watcher (new stock from any instance or the CLI
 * reaches this one's search) and the lead outbox deliverer (unless LEAD_DELIVERY=off).
 */
export function startBackgroundWork(services: Services): BackgroundWork {
  const watcher = watchStock({ store: services.stock, search: services.search, log: logger, intervalMs: services.env.STOCK_POLL_MS });
  if (services.env.LEAD_DELIVERY === "off") {
    logger.info("lead delivery is off in this process; run npm run leads:deliver to drain the outbox");
    return { stop: () => watcher.stop() };
  }
  const deliverer = startDeliverer(async () => services.db, [...services.tenants.tenants], DELIVERY_INTERVAL_MS, {
    mailer: services.mailer,
  });
  return { stop: async () => void (await Promise.all([watcher.stop(), deliverer.stop()])) };
}

/** Closes what createServices opened; background work must be stopped first so no write is cut off. */
export async function closeServices(services: Services): Promise<void> {
  services.mailer.close();
  await services.db.db.destroy();
}
