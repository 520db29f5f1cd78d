import type { Logger } from "~/server/lib/logger";
import { outageNotice } from "~/server/lib/outage-notice";
import type { SearchService } from "~/server/search/backend";
import type { StockStore } from "./stock-store";

export type StockWatcher = { stop(): Promise<void>; /** One poll now (tests). */ poll(): Promise<void> };

export type StockWatcherOptions = {
  store: StockStore;
  search: SearchService;
  log: Logger;
  /** How often the stock versions are read; every instance sees an import within this. */
  intervalMs: number;
  /** Told the stock version each tenant's index serves (the metrics), at the first poll and after each rebuild. */
  onIndexVersion?: (tenant: string, version: number) => void;
};

/**
 * Issue 10 §5: every instance follows the database's per-tenant stock version. When an import (on
 * this instance, another one, or the CLI) bumps a tenant's version, that tenant's vehicles are read
 * and a new index is built and swapped in; searches running meanwhile finish on the previous index,
 * and the results cache is dropped at the swap. A failed poll keeps the stock being served.
 */
export function watchStock({ store, search, log, intervalMs, onIndexVersion }: StockWatcherOptions): StockWatcher {
  let seen: Map<string, number> | null = null;
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  // Polled every second: while the database is away, one warning, and one line when it answers again.
  const pollFailure = outageNotice(log, "stock version poll failed; still serving the stock loaded", "stock version poll works again");

  async function refresh(tenant: string, version: number): Promise<void> {
    const started = Date.now();
    const vehicles = await search.replaceTenantStock(tenant, store.searchValuePages(tenant));
    log.info({ tenant, version, vehicles, ms: Date.now() - started }, "stock changed: index rebuilt and swapped in");
    onIndexVersion?.(tenant, version);
  }

  async function poll(): Promise<void> {
    try {
      const versions = await store.versions();
      pollFailure.up();
      const previous = seen;
      seen = versions;
      // The first reading is the baseline: indexes are built lazily from the database as it is now,
      // so they serve at least this version.
      if (!previous) {
        for (const [tenant, version] of versions) onIndexVersion?.(tenant, version);
        return;
      }
      for (const [tenant, version] of versions) {
        if (previous.get(tenant) === version) continue;
        try {
          await refresh(tenant, version);
        } catch (error) {
          // Read it again next time round.
          versions.set(tenant, previous.get(tenant) ?? -1);
          log.error({ err: error, tenant }, "stock changed but could not be loaded; still serving the previous stock");
        }
      }
    } catch (error) {
      pollFailure.down(error);
    }
  }

  const tick = () => {
    running = poll();
    void running.then(() => {
      if (!stopped) timer = setTimeout(tick, intervalMs);
    });
  };
  let timer: NodeJS.Timeout = setTimeout(tick, 0);

  return {
    poll: () => {
      running = running.then(poll);
      return running;
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
