import type { Vehicle } from "~/server/stock/vehicle";
import type { Tenant } from "~/server/tenants/load";
import { SearchResultsCache, searchCacheKey } from "./cache";
import { createEmbeddedBackend, type StockProvider } from "./embedded/backend";
import { createMeilisearchBackend } from "./meilisearch/backend";
import { meilisearchConnectionFor, type MeilisearchDefaults } from "./meilisearch/connection";
import type { SearchBackend, SearchQuery, SearchResult } from "./types";

export { InvalidSearchQueryError } from "./embedded/invalid-query";
export type { StockProvider } from "./embedded/backend";

/** The process's search: one embedded engine, one Meilisearch client set, one results cache. */
export type SearchService = {
  /**
   * Meilisearch when the tenant has a search host or MEILISEARCH_HOST is set; otherwise the
   * embedded engine. Either way results are cached by query (spec 000 §4).
   */
  backendFor(tenant: Tenant): SearchBackend;
  /**
   * New stock for one tenant (an import finished): the embedded index is rebuilt beside the current
   * one and swapped in when complete; the results cache is dropped at the swap.
   */
  replaceTenantStock(tenantSlug: string, vehicles: readonly Vehicle[]): Promise<void>;
};

export type SearchServiceOptions = {
  /** Where the embedded engine gets each tenant's vehicles. */
  stock: StockProvider;
  meilisearch: MeilisearchDefaults;
};

/** Built once per process by createServices; nothing here exists before it is called. */
export function createSearchService(options: SearchServiceOptions): SearchService {
  const embedded = createEmbeddedBackend(options.stock);
  const meilisearch = createMeilisearchBackend({ connectionFor: (tenant) => meilisearchConnectionFor(tenant, options.meilisearch) });
  const resultsCache = new SearchResultsCache<Promise<SearchResult[]>>();
  const cachedEmbedded = withResultsCache(embedded, resultsCache);
  const cachedMeilisearch = withResultsCache(meilisearch, resultsCache);
  return {
    backendFor: (tenant) => (meilisearchConnectionFor(tenant, options.meilisearch) ? cachedMeilisearch : cachedEmbedded),
    async replaceTenantStock(tenantSlug, vehicles) {
      await embedded.setStock(tenantSlug, vehicles);
      resultsCache.clear();
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
