/**
 * `npm run garage:digest -- --tenant <slug>`: runs one tenant's saved-search daily email now,
 * for QA and after an outage. The day is today in the tenant's zone, so a run after the timer's
 * sends nothing twice (the day's claimed rows).
 */
import { parseArgs } from "node:util";
import { openDb } from "../server/db/connection";
import { migrateToLatest } from "../server/db/migrate";
import { latestHitsFrom, sendSearchDigests } from "../server/garage/search-digest";
import { localDayAndHour } from "../server/garage/search-digest-rules";
import { createStockStore } from "../server/inventory/stock-store";
import { createMailer } from "../server/leads/delivery/mailer";
import { readEnv } from "../server/lib/env";
import { logger } from "../server/lib/logger";
import { createSearchService } from "../server/search/backend";
import { loadTenants } from "../server/tenants/load";
import { siteTimeZone } from "../server/tenants/time-zone";

const { values } = parseArgs({ options: { tenant: { type: "string" } } });
const settings = readEnv();
const tenant = loadTenants().find((t) => t.slug === values.tenant);
if (!tenant) {
  process.stderr.write(`garage:digest: --tenant <slug> names no tenant (${values.tenant ?? "none given"})\n`);
  process.exit(2);
}
const handle = openDb({ databaseUrl: settings.DATABASE_URL, dataDir: settings.DATA_DIR });
const mailer = createMailer(settings);
try {
  await migrateToLatest(handle);
  const store = createStockStore(handle, { maxFeedBytes: settings.STOCK_FEED_MAX_BYTES, log: logger });
  const search = createSearchService({ stock: (t) => store.searchValuePages(t.slug), records: store, meilisearch: settings });
  const day = localDayAndHour(Date.now(), siteTimeZone(tenant.site)).day;
  const sent = await sendSearchDigests(
    { db: handle, mailer, secrets: settings.sessionSecrets, log: logger, latestHits: latestHitsFrom(search, logger) },
    tenant,
    day,
  );
  process.stdout.write(`${tenant.slug} ${day}: ${sent} saved-search ${sent === 1 ? "email" : "emails"} sent\n`);
} catch (error) {
  process.stderr.write(`garage:digest: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
} finally {
  mailer.close();
  await handle.db.destroy();
}
