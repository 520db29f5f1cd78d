import type { Db } from "~/server/db/connection";
import { loadStock } from "~/server/inventory/load-stock";
import { readEnv } from "~/server/lib/env";
import { logger } from "~/server/lib/logger";
import { createSearchService, type StockProvider, type VehicleRecords } from "~/server/search/backend";
import { createServices, type Services } from "~/server/services";
import type { TenantDirectory } from "~/server/tenants/resolve";

export type TestServiceOptions = {
  tenants: TenantDirectory;
  db: Db;
  /** Variables on top of process.env, read once as the server reads them at start. */
  env?: Record<string, string | undefined>;
  stock?: StockProvider;
};

/**
 * The services a test's app runs on: the test's own database, env read once, nothing shared between
 * files. Demo sites (and test copies of them) have their stock.json loaded into the database as the
 * start does, so search and vehicle pages read the database; fixture tenants built for one test
 * (site.json without demo_stock, locations of their own) are searched over their own stock.json.
 */
export async function servicesFor(options: TestServiceOptions): Promise<Services> {
  const env = readEnv({ ...process.env, ...options.env });
  // No process metrics: a test file builds many services, and each set would watch the event loop.
  const services = await createServices({ env, tenants: options.tenants, db: options.db, stock: options.stock, processMetrics: false });
  if (!options.stock) {
    const { stock } = services;
    const fileStock = (slug: string) => {
      const tenant = options.tenants.get(slug);
      return tenant ? loadStock(tenant) : [];
    };
    const fromDb = (slug: string) => options.tenants.get(slug)?.site.demo_stock === true;
    // As in production, indexes keep columns only and hits are read by id: from the database for
    // demo sites, from the stock file for fixture tenants.
    const records: VehicleRecords = {
      async vehiclesByIds(slug, ids) {
        if (fromDb(slug)) return stock.vehiclesByIds(slug, ids);
        const byId = new Map(fileStock(slug).map((vehicle) => [vehicle.id, vehicle]));
        return ids.flatMap((id) => byId.get(id) ?? []);
      },
      async vehicleBySlug(slug, vehicleSlug) {
        if (fromDb(slug)) return stock.vehicleBySlug(slug, vehicleSlug);
        return fileStock(slug).find((vehicle) => vehicle.slug === vehicleSlug) ?? null;
      },
    };
    services.search = createSearchService({
      stock: (tenant) => (tenant.site.demo_stock ? stock.vehiclePages(tenant.slug) : loadStock(tenant)),
      records,
      meilisearch: env,
      observe: services.metrics,
      log: logger,
    });
  }
  return services;
}
