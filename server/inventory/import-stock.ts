import type { MeilisearchConnection, MeilisearchDefaults } from "~/server/search/meilisearch/connection";
import { meilisearchConnectionFor } from "~/server/search/meilisearch/connection";
import {
  applyIndexSettings,
  indexDocuments,
  indexingClient,
  removeDocuments,
  type IndexingOptions,
} from "~/server/search/meilisearch/indexing";
import { searchIndexUid } from "~/server/search/queries";
import type { FeedInput } from "~/server/stock-feed/read-feed";
import type { ImportReport } from "~/server/stock-feed/report";
import type { Tenant } from "~/server/tenants/load";
import type { ApplyOptions, StockStore } from "./stock-store";

export type ImportStock = ((tenant: Tenant, feed: FeedInput, options: Omit<ApplyOptions, "publish">) => Promise<ImportReport>) & {
  /** `stock:import --clear-demo`: the tenant's generated demo stock removed, from its search index too. */
  clearDemo(tenant: Tenant): Promise<number>;
};

export type StockImporterOptions = {
  store: StockStore;
  meilisearch: MeilisearchDefaults;
  /** Task waits in tests. */
  indexing?: IndexingOptions;
  connectionFor?: (tenant: Tenant) => MeilisearchConnection | null;
  /**
   * Runs after an applied import that changed a price or sold a car (the garage's alerts, issue 14 §3),
   * once the import has committed. The server's hook starts the alerts in the background and returns
   * at once; the CLI's awaits them (a short-lived process must send before it exits).
   */
  afterPriceOrSold?: (tenant: Tenant, report: ImportReport) => Promise<void>;
};

/**
 * The one way stock gets in — CLI, push and scheduled pull (issue 10 §2). For a tenant searched
 * through Meilisearch, the vehicles an import writes (added, changed, sold, back in stock) are
 * sent to its index inside the import's transaction and every task is awaited: a failed task
 * refuses the import, so the database and the index never disagree. Sold vehicles stay documents
 * (their page says JUST SOLD for the sold window; the listing filter drops them after it); the only
 * removals are a tenant's generated demo vehicles, when its first real import replaces them.
 */
export function stockImporter(options: StockImporterOptions): ImportStock {
  const connectionFor = options.connectionFor ?? ((tenant: Tenant) => meilisearchConnectionFor(tenant, options.meilisearch));
  const publisher = (tenant: Tenant): ApplyOptions["publish"] => {
    const connection = connectionFor(tenant);
    if (!connection) return undefined;
    return async (writes, removedIds) => {
      const client = indexingClient(connection);
      const uid = searchIndexUid(tenant);
      await applyIndexSettings(client, uid, options.indexing);
      await removeDocuments(client, uid, removedIds, options.indexing);
      await indexDocuments(client, uid, writes, options.indexing);
    };
  };
  const apply = (tenant: Tenant, feed: FeedInput, applyOptions: ApplyOptions) =>
    options.store.applyImport(tenant, feed, { ...applyOptions, publish: publisher(tenant) });
  const importStock = async (tenant: Tenant, feed: FeedInput, applyOptions: Omit<ApplyOptions, "publish">) => {
    const report = await apply(tenant, feed, applyOptions);
    const changed = report.counts.price_changed + report.counts.marked_sold > 0;
    if (report.outcome === "applied" && changed && options.afterPriceOrSold) await options.afterPriceOrSold(tenant, report);
    return report;
  };
  return Object.assign(importStock, {
    clearDemo: (tenant: Tenant) => options.store.clearDemo(tenant.slug, { publish: publisher(tenant) }),
  });
}
