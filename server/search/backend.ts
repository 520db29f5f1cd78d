import type { Logger } from "~/server/lib/logger";
import { outageNotice, type OutageNotice } from "~/server/lib/outage-notice";
import type { Tenant } from "~/server/tenants/load";
import { SearchResultsCache, searchCacheKey } from "./cache";
import { createEmbeddedBackend, type StockPages, type StockProvider, type VehicleRecords } from "./embedded/backend";
import { createMeilisearchBackend } from "./meilisearch/backend";
import { meilisearchConnectionFor, type MeilisearchDefaults } from "./meilisearch/connection";
import type { SearchBackend, SearchQuery, SearchResult } from "./types";

export { InvalidSearchQueryError } from "./embedded/invalid-query";
export type { StockPages, StockProvider, VehicleRecords } from "./embedded/backend";

/** The process's search: one embedded engine, one Meilisearch client set, one results cache. */
export type SearchService = {
  /**
   * Meilisearch when the tenant has a search host or MEILISEARCH_HOST is set; otherwise the
   * embedded engine. Either way results are cached by query (spec 000 §4).
   */
  backendFor(tenant: Tenant): SearchBackend;
  /**
   * New stock for one tenant (an import finished): the embedded index is rebuilt beside the current
   * one and swapped in when complete; the results cache is dropped at the swap. Resolves to the
   * number of vehicles indexed.
   */
  replaceTenantStock(tenantSlug: string, stock: StockPages): Promise<number>;
  /** Told the tenant's slug each time new stock is swapped in (the page cache drops that site's pages). */
  onStockReplaced(listener: (tenantSlug: string) => void): void;
  /**
   * /readyz: the tenant's search can answer — its embedded index is built (asking starts the build),
   * or its Meilisearch answers /health within 2 s.
   */
  ready(tenant: Tenant): Promise<SearchReadiness>;
};

/** "building": the embedded index is not built yet; "down": the tenant's Meilisearch does not answer. */
export type SearchReadiness = "ready" | "building" | "down";

/** Told of each search call and each embedded index build (server/metrics). */
export type SearchObserver = {
  search(backend: SearchBackend["name"], seconds: number): void;
  indexBuilt(tenantSlug: string, seconds: number): void;
};

export type SearchServiceOptions = {
  /** Where the embedded engine gets each tenant's vehicles. */
  stock: StockProvider;
  /**
   * Where hits are read from by id (the database). Given, the embedded indexes keep only columns;
   * left out, they keep the provider's vehicles.
   */
  records?: VehicleRecords;
  meilisearch: MeilisearchDefaults;
  observe?: SearchObserver;
  /** Where the fallback to the database while Meilisearch is down is noted (once per outage). */
  log?: Logger;
};

const MEILISEARCH_HEALTH_TIMEOUT_MS = 2_000;

async function meilisearchAnswers(host: string): Promise<boolean> {
  try {
    const response = await fetch(new URL("/health", host), { signal: AbortSignal.timeout(MEILISEARCH_HEALTH_TIMEOUT_MS) });
    await response.body?.cancel();
    return response.ok;
  } catch {
    return false;
  }
}

/** Built once per process by createServices; nothing here exists before it is called. */
export function createSearchService(options: SearchServiceOptions): SearchService {
  const embedded = createEmbeddedBackend(options.stock, options.records, options.observe?.indexBuilt);
  const meilisearch = createMeilisearchBackend({ connectionFor: (tenant) => meilisearchConnectionFor(tenant, options.meilisearch) });
  const resultsCache = new SearchResultsCache<Promise<SearchResult[]>>();
  const stockListeners: Array<(tenantSlug: string) => void> = [];
  const cachedEmbedded = timed(withResultsCache(embedded, resultsCache), options.observe);
  const records = options.records;
  const outage = options.log
    ? outageNotice(
        options.log,
        "search backend unavailable; vehicle pages read from the database, similar vehicles left out",
        "search backend answers again",
      )
    : null;
  const cachedMeilisearch = timed(
    withResultsCache(records ? withDatabaseVehicles(meilisearch, records, outage) : meilisearch, resultsCache),
    options.observe,
  );
  return {
    backendFor: (tenant) => (meilisearchConnectionFor(tenant, options.meilisearch) ? cachedMeilisearch : cachedEmbedded),
    async ready(tenant) {
      const connection = meilisearchConnectionFor(tenant, options.meilisearch);
      if (connection) return (await meilisearchAnswers(connection.host)) ? "ready" : "down";
      return embedded.built(tenant) ? "ready" : "building";
    },
    async replaceTenantStock(tenantSlug, stock) {
      const size = await embedded.setStock(tenantSlug, stock);
      resultsCache.clear();
      for (const listener of stockListeners) listener(tenantSlug);
      return size;
    },
    onStockReplaced(listener) {
      stockListeners.push(listener);
    },
  };
}

/** Search calls timed for the metrics, hits from the results cache included (what a shopper waits). */
function timed(backend: SearchBackend, observe: SearchObserver | undefined): SearchBackend {
  if (!observe) return backend;
  return {
    ...backend,
    async multiSearch(tenant: Tenant, queries: SearchQuery[]): Promise<SearchResult[]> {
      const started = process.hrtime.bigint();
      try {
        return await backend.multiSearch(tenant, queries);
      } finally {
        observe.search(backend.name, Number(process.hrtime.bigint() - started) / 1e9);
      }
    },
  };
}

/**
 * A vehicle page (and its enquiry form) needs one vehicle, which the database has: while Meilisearch
 * is down it is read from there, so a shopper can still see the car and enquire. Searches and the
 * similar vehicles still need Meilisearch and show their own error state or are left out.
 */
function withDatabaseVehicles(backend: SearchBackend, records: VehicleRecords, outage: OutageNotice | null): SearchBackend {
  return {
    name: backend.name,
    multiSearch: (tenant, queries) => backend.multiSearch(tenant, queries),
    async getVehicle(tenant, slug) {
      try {
        const vehicle = await backend.getVehicle(tenant, slug);
        outage?.up();
        return vehicle;
      } catch (error) {
        outage?.down(error);
        return records.vehicleBySlug(tenant.slug, slug);
      }
    },
  };
}

function withResultsCache(backend: SearchBackend, resultsCache: SearchResultsCache<Promise<SearchResult[]>>): SearchBackend {
  return {
    name: backend.name,
    multiSearch(tenant: Tenant, queries: SearchQuery[]): Promise<SearchResult[]> {
      const key = searchCacheKey(tenant.slug, backend.name, queries);
      const hit = resultsCache.get(key);
      if (hit) return hit;
      // The promise is cached so identical searches in flight share one call; failures are not kept.
      const pending = backend.multiSearch(tenant, queries);
      resultsCache.set(key, pending);
      pending.catch(() => resultsCache.delete(key));
      return pending;
    },
    getVehicle: (tenant: Tenant, slug: string) => backend.getVehicle(tenant, slug),
  };
}
