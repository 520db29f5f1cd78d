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
import { retryWhileDbAway, waitForDb } from "./db/wait-for-db";
import { seedDemoStock } from "./inventory/demo-seed";
import { stockImporter, type ImportStock } from "./inventory/import-stock";
import { listenForStock } from "./inventory/stock-notifications";
import { startDropFolder } from "./inventory/drop-folder";
import { startStockPuller } from "./inventory/stock-puller";
import { createStockStore, type StockStore } from "./inventory/stock-store";
import { createSlotCache, type SlotCache } from "./bookings/slot-cache";
import { createManufacturerCache, type ManufacturerCache } from "./brands/manufacturer-cache";
import { createSessionDataCache, type SessionDataCache } from "./dashboard/session-data-cache";
import { createPayments, type Payments } from "./payments/payments";
import { watchStock } from "./inventory/stock-watcher";
import { startDeliverer } from "./leads/delivery/deliverer";
import { createEventRecorder, type EventRecorder } from "./events/recorder";
import { Redis } from "ioredis";
import { workerNumber } from "./cluster";
import { tenantsWithoutDestination } from "./leads/delivery/destinations";
import { createMailer, type Mailer } from "./leads/delivery/mailer";
import { createLeadLimiter, type LeadLimiter } from "./leads/lead-limiter";
import { backgroundAlerts } from "./garage/alerts";
import { latestHitsFrom, startSearchDigests } from "./garage/search-digest";
import { createGarageServices, type GarageServices } from "./garage/services";
import type { Env } from "./lib/env";
import { logger } from "./lib/logger";
import { outageNotice } from "./lib/outage-notice";
import { createSearchService, type SearchService, type StockProvider } from "./search/backend";
import { cookieSettings, type CookieSettings } from "./security/cookie-settings";
import { keyedBudget, keyedLimit, type KeyedBudget, type KeyedLimit } from "./security/shared-limit";
import { createHoneypot } from "./security/honeypot";
import type { TenantDirectory } from "./tenants/resolve";
import { createPartnerClient, misconfiguredPartners, type PartnerClient } from "./partners/client";
import { captchaWithoutSecret, createCaptchaVerifier, type CaptchaVerifier } from "./leads/captcha-verifier";
import { misconfiguredTargets } from "./leads/submission-target";
import { outboxWaiting } from "./leads/delivery/status";
import { countingImports, countingRefusals } from "./metrics/instrument";
import { createMetrics, type Metrics } from "./metrics/metrics";
import { createContentPages, type ContentPages } from "./content/page-store";

export type Services = {
  env: Env;
  /** The tenants' content pages, parsed once and re-read when a file changes. */
  contentPages: ContentPages;
  tenants: TenantDirectory;
  db: Db;
  /** Each tenant's vehicles, stock version and import history, in the database. */
  stock: StockStore;
  /** The one import pipeline (CLI, push, scheduled pull): the database, and Meilisearch where configured. */
  importStock: ImportStock;
  search: SearchService;
  /** Lead submissions per client address per site and across sites; in Redis when REDIS_URL is set. */
  leadLimiter: LeadLimiter;
  /**
   * Posts of any kind per client address per minute (POST_RATE_LIMIT_PER_MINUTE), counted by the edge
   * before a body is read; shared like the lead limits.
   */
  postLimiter: KeyedLimit;
  /** Request body bytes per client address per minute (POST_BODY_BYTES_PER_MINUTE), spent by the edge before a body is read. */
  bodyBudget: KeyedBudget;
  /** The Redis connection behind shared limits, when REDIS_URL is set. */
  redis: Redis | null;
  honeypot: Honeypot;
  /** How signed cookies are written (secure flag, rotating secrets). */
  cookies: CookieSettings;
  /** Lead emails: SMTP_URL, or the local mailbox under DATA_DIR when unset. */
  mailer: Mailer;
  /** The first-party event log: stores only for tenants with `analytics.log_events`. */
  events: EventRecorder;
  /** Saved cars for every shopper and the signed-in garage. */
  garage: GarageServices;
  /** NEVDIS, Autograb and Car Clarity, per tenant as site.json enables them. */
  partners: PartnerClient;
  /** Turnstile / hCaptcha verification, per tenant as site.json `leads.captcha` and its secret enable it. */
  captcha: CaptchaVerifier;
  /** POST /api/events per site and client address; shared like the lead limits. */
  eventLimiter: KeyedLimit;
  /** The dealer platform's free test-drive and service slots, cached briefly per dealership. */
  bookingSlots: SlotCache;
  /** Manufacturer data (model range) for brand pages, refreshed daily. */
  manufacturers: ManufacturerCache;
  /** The dealer dashboard's website_session_data (the site notice), per site, refreshed every 5 minutes. */
  sessionData: SessionDataCache;
  /** Deposit providers (Stripe) when their keys are set. */
  payments: Payments;
  /** QA read-back requests per client address (QA_READBACK_PER_MINUTE); null while QA_TOKEN is unset. */
  qaLimiter: KeyedLimit | null;
  /** Prometheus metrics of this process (GET /metrics with METRICS_TOKEN): its own registry, never a global one. */
  metrics: Metrics;
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
  /** Default process metrics (CPU, memory, event-loop lag) in /metrics; tests building many services turn them off. */
  processMetrics?: boolean;
};

/**
 * A page with JavaScript sends a few events per page view (navigation, search, call, errors); 120 a
 * minute per site and address leaves room for an office behind one address and stops a flood.
 */
const EVENTS_PER_MINUTE = 120;

export async function createServices(options: ServiceOptions): Promise<Services> {
  const { env } = options;
  const startWait = { waitMs: env.DATABASE_START_WAIT_SECONDS * 1000, log: logger };
  let db = options.db;
  if (!db) {
    db = openDb({
      databaseUrl: env.DATABASE_URL,
      dataDir: env.DATA_DIR,
      outage: outageNotice(logger, "database connection lost; requests that need it answer 503", "database connection restored"),
    });
    try {
      const handle = db;
      await waitForDb(handle, startWait);
      await retryWhileDbAway(handle, startWait, () => migrateToLatest(handle));
    } catch (error) {
      await db.db.destroy();
      throw error;
    }
  }
  const stock = createStockStore(db, { maxFeedBytes: env.STOCK_FEED_MAX_BYTES, log: logger });
  const metrics = createMetrics({ tenants: options.tenants.tenants.map((tenant) => tenant.slug), processMetrics: options.processMetrics });
  const database = db;
  metrics.readAtScrape({ outboxWaiting: () => outboxWaiting(database.db), stockVersions: () => stock.versions() });
  // Fail fast and count locally (the limiter's insurance) while Redis is away, rather than queueing.
  const redis = env.REDIS_URL ? new Redis(env.REDIS_URL, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: false }) : null;
  // ioredis reports every failed reconnect (every few seconds): logged once per change of state.
  const redisOutage = outageNotice(
    logger,
    "redis unavailable; rate limits count per instance",
    "redis reachable again; rate limits shared",
  );
  redis?.on("error", (error: Error) => redisOutage.down(error));
  redis?.on("ready", () => redisOutage.up());
  // Every limit is counted in Redis, else by the cluster's primary for a worker, else in this process.
  const limitStore = { redis, clusterWorker: workerNumber() > 0 };
  if (!options.stock) await retryWhileDbAway(db, startWait, () => seedDemoStock(stock, options.tenants.tenants, logger));
  for (const slug of tenantsWithoutDestination(options.tenants.tenants)) {
    logger.warn(
      { tenant: slug },
      `tenant ${slug} has no lead destination (leads.webhook, leads.adf or leads.email in site.json): its leads are stored but reach no one`,
    );
  }
  for (const tenant of options.tenants.tenants) {
    const partners = misconfiguredPartners(tenant);
    if (partners.length > 0)
      logger.warn(
        { tenant: tenant.slug, partners },
        `tenant ${tenant.slug} switches on ${partners.join(", ")} without a partners entry or key: those lookups answer 404`,
      );
    const targets = misconfiguredTargets(tenant);
    if (targets.length > 0)
      logger.warn(
        { tenant: tenant.slug, targets },
        `tenant ${tenant.slug} features.form.targets: ${targets.join("; ")}; its forms send those leads to the server`,
      );
  }
  for (const tenant of options.tenants.tenants) {
    const captcha = tenant.site.leads.captcha;
    if (captcha && captchaWithoutSecret(tenant))
      logger.warn(
        { tenant: tenant.slug },
        `tenant ${tenant.slug} names a captcha (leads.captcha) but ${captcha.secret_env} is not set: its forms run without one`,
      );
  }
  if (env.QA_TOKEN) {
    logger.warn("QA_TOKEN is set: the QA read-back API (/api/qa/*) hands stored leads and emails to requests bearing it");
  }
  const mailer = createMailer(env);
  logger.info({ mailer: mailer.description }, "lead emails go out through this mailer");
  // An import (push, pull) answers once committed; its alerts follow in the background.
  const alerts = backgroundAlerts({ db, mailer, secrets: env.sessionSecrets, log: logger, vehiclesByIds: stock.vehiclesByIds });
  return {
    env,
    tenants: options.tenants,
    db,
    stock,
    importStock: countingImports(
      stockImporter({
        store: stock,
        meilisearch: env,
        afterPriceOrSold: alerts.afterImport,
      }),
      metrics,
    ),
    // Indexes keep columns only and read each page's vehicles from the database;
    // a test's own stock provider keeps its vehicles in the index instead.
    search: options.stock
      ? createSearchService({ stock: options.stock, meilisearch: env, observe: metrics })
      : createSearchService({
          stock: (tenant) => stock.searchValuePages(tenant.slug),
          records: stock,
          meilisearch: env,
          observe: metrics,
          log: logger,
        }),
    leadLimiter: countingRefusals(
      createLeadLimiter({
        perTenantPerMinute: env.RATE_LIMIT_PER_MINUTE,
        acrossSitesPerMinute: env.RATE_LIMIT_ACROSS_SITES_PER_MINUTE,
        ...limitStore,
      }),
      "lead",
      metrics,
    ),
    postLimiter: countingRefusals(keyedLimit(env.POST_RATE_LIMIT_PER_MINUTE, 60, "forecourt:posts", limitStore), "post", metrics),
    bodyBudget: countingRefusals(
      keyedBudget(env.POST_BODY_BYTES_PER_MINUTE, 60, "forecourt:body-bytes", limitStore),
      "body-bytes",
      metrics,
    ),
    redis,
    honeypot: createHoneypot(env.sessionSecrets[0] ?? ""),
    cookies: cookieSettings(env),
    mailer,
    events: createEventRecorder(db, logger),
    garage: createGarageServices({ db, secrets: env.sessionSecrets, ...limitStore, alerts }),
    partners: createPartnerClient({ timeoutMs: env.PARTNER_TIMEOUT_MS }),
    captcha: createCaptchaVerifier({
      timeoutMs: env.CAPTCHA_TIMEOUT_MS,
      verifyUrl: env.CAPTCHA_VERIFY_URL,
      scriptUrl: env.CAPTCHA_SCRIPT_URL,
    }),
    eventLimiter: countingRefusals(keyedLimit(EVENTS_PER_MINUTE, 60, "forecourt:events", limitStore), "event", metrics),
    bookingSlots: createSlotCache(),
    contentPages: createContentPages(),
    manufacturers: createManufacturerCache(),
    sessionData: createSessionDataCache(),
    payments: await createPayments(env, logger),
    qaLimiter: env.QA_TOKEN ? keyedLimit(env.QA_READBACK_PER_MINUTE, 60, "forecourt:qa", limitStore) : null,
    metrics,
  };
}

// Often enough that a dealer sees a lead within seconds; the backoff schedule lives in the outbox rows.
const DELIVERY_INTERVAL_MS = 5_000;
// Events past their retention go within a few hours of expiring.
const EVENT_PURGE_INTERVAL_MS = 6 * 60 * 60 * 1000;

export type BackgroundWork = { stop(): Promise<void> };

/**
 * Work the server runs beside requests: the stock watcher (new stock from any instance or the CLI
 * reaches this one's search; on PostgreSQL woken by NOTIFY as well as polling), the scheduled
 * stock feed pulls, the stock drop folders (when STOCK_DROP_DIR is set), and the lead outbox
 * deliverer (unless LEAD_DELIVERY=off).
 */
export function startBackgroundWork(services: Services): BackgroundWork {
  const { env } = services;
  const watcher = watchStock({
    store: services.stock,
    search: services.search,
    log: logger,
    intervalMs: env.STOCK_POLL_MS,
    onIndexVersion: services.metrics.indexStockVersion,
  });
  const notifications =
    services.db.kind === "postgres" && env.DATABASE_URL
      ? listenForStock(env.DATABASE_URL, { onChange: () => void watcher.poll(), onResume: () => void watcher.poll(), log: logger })
      : null;
  const puller = startStockPuller({
    tenants: services.tenants.tenants,
    store: services.stock,
    importStock: services.importStock,
    log: logger,
    maxBytes: env.STOCK_FEED_MAX_BYTES,
  });
  const dropFolder = env.STOCK_DROP_DIR
    ? startDropFolder({
        dir: env.STOCK_DROP_DIR,
        tenants: services.tenants.tenants,
        importStock: services.importStock,
        store: services.stock,
        log: logger,
        maxBytes: env.STOCK_FEED_MAX_BYTES,
        stableMs: env.STOCK_DROP_STABLE_SECONDS * 1000,
        scanMs: env.STOCK_DROP_SCAN_SECONDS * 1000,
      })
    : null;
  let purging: Promise<unknown> = Promise.resolve();
  const purgeEvents = () => {
    purging = services.events.purge(services.tenants.tenants).catch((error: unknown) => logger.warn({ err: error }, "event purge failed"));
  };
  purgeEvents();
  const purgeTimer = setInterval(purgeEvents, EVENT_PURGE_INTERVAL_MS);
  purgeTimer.unref();
  const stopPurge = async () => {
    clearInterval(purgeTimer);
    await purging;
  };
  const stops: Array<() => Promise<void>> = [() => puller.stop(), () => watcher.stop(), stopPurge];
  // The saved searches' daily email, at the digest hour in each garage site's time zone.
  const digests = startSearchDigests(
    {
      db: services.db,
      mailer: services.mailer,
      secrets: env.sessionSecrets,
      log: logger,
      latestHits: latestHitsFrom(services.search, logger),
    },
    [...services.tenants.tenants],
  );
  stops.push(() => digests.stop());
  if (notifications) stops.push(() => notifications.close());
  if (dropFolder) stops.push(() => dropFolder.stop());
  if (env.LEAD_DELIVERY === "off") {
    logger.info("lead delivery is off in this process; run npm run leads:deliver to drain the outbox");
  } else {
    const deliverer = startDeliverer(async () => services.db, [...services.tenants.tenants], DELIVERY_INTERVAL_MS, {
      mailer: services.mailer,
      onOutcome: services.metrics.delivery,
    });
    stops.push(() => deliverer.stop());
  }
  return { stop: async () => void (await Promise.all(stops.map((stop) => stop()))) };
}

/** Closes what createServices opened; background work must be stopped first so no write is cut off. */
export async function closeServices(services: Services): Promise<void> {
  // Alerts already started finish before the mailer and the database close under them.
  await services.garage.alerts.idle();
  // Queued page views are written before the database closes under them.
  await services.events.flush();
  services.mailer.close();
  services.redis?.disconnect();
  await services.db.db.destroy();
}
