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
};

export type SearchServiceOptions = {
  /** Where the embedded engine gets each tenant's vehicles. */
  stock: StockProvider;
  /**
   * Where hits are read from by id (the database). Given, the embedded indexes keep only columns
   * (issue 10 §7); left out, they keep the provider's vehicles.
   */
  records?: VehicleRecords;
  meilisearch: MeilisearchDefaults;
};

/** Built once per process by createServices; nothing here exists before it is called. */
export function createSearchService(options: SearchServiceOptions): SearchService {
  const embedded = createEmbeddedBackend(options.stock, options.records);
  const meilisearch = createMeilisearchBackend({ connectionFor: (tenant) => meilisearchConnectionFor(tenant, options.meilisearch) });
  const resultsCache = new SearchResultsCache<Promise<SearchResult[]>>();
  const cachedEmbedded = withResultsCache(embedded, resultsCache);
  const cachedMeilisearch = withResultsCache(meilisearch, resultsCache);
  return {
    backendFor: (tenant) => (meilisearchConnectionFor(tenant, options.meilisearch) ? cachedMeilisearch : cachedEmbedded),
    async replaceTenantStock(tenantSlug, stock) {
      const size = await embedded.setStock(tenantSlug, stock);
      resultsCache.clear();
      return size;
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
