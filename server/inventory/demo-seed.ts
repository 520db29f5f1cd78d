import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Logger } from "~/server/lib/logger";
import { displayPath, type Tenant } from "~/server/tenants/load";
import { parseStockFile, StockFileError } from "./load-stock";
import type { StockStore } from "./stock-store";

/**
 * Issue 10: demo sites (site.json `demo_stock: true`) get their generated stock.json loaded into the
 * database — only when they have no stock yet, so a dealer's imported stock is never overwritten and
 * a restart changes nothing. It goes through the same import pipeline as a dealer's feed.
 * A broken stock.json that is about to be loaded stops the start with its file and field
 * (issue 12 §7); one the start will not load is not read at all, so a restart of a platform with
 * many sites reads none of them (issue 10 §7: 100 sites × 500 vehicles healthy within 3 s).
 */
export async function seedDemoStock(store: StockStore, tenants: readonly Tenant[], log: Logger, now = Date.now()): Promise<void> {
  try {
    for (const tenant of tenants) await seedTenant(store, tenant, log, now);
  } catch (error) {
    if (error instanceof StockFileError) throw error;
    // The site still starts (health reports the database); the next start tries again.
    log.error({ err: error }, "demo stock could not be loaded");
  }
}

async function seedTenant(store: StockStore, tenant: Tenant, log: Logger, now: number): Promise<void> {
  if (!tenant.site.demo_stock) return;
  if ((await store.version(tenant.slug)) > 0 || (await store.hasVehicles(tenant.slug))) return;
  const file = path.join(tenant.dir, "stock.json");
  if (!existsSync(file)) {
    log.warn({ tenant: tenant.slug, file }, "demo stock file not found; run npm run stock:generate");
    return;
  }
  const bytes = readFileSync(file);
  parseStockFile(displayPath(file), bytes.toString("utf8"));
  const report = await store.applyImport(tenant, { bytes, format: "json" }, { source: "demo", mode: "full", force: true, now, demo: true });
  if (report.refusal) log.error({ tenant: tenant.slug, refusal: report.refusal }, "demo stock refused");
  else log.info({ tenant: tenant.slug, vehicles: report.counts.added }, "demo stock loaded");
}
