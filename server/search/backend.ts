import { loadStock } from "../stock/load-stock";
import type { Vehicle } from "../stock/vehicle";
import type { Tenant } from "../tenants/load";
import { SearchResultsCache, searchCacheKey } from "./cache";
import { createEmbeddedBackend, type EmbeddedBackend, type StockProvider } from "./embedded/backend";
import { createMeilisearchBackend } from "./meilisearch/backend";
import { meilisearchConnectionFor } from "./meilisearch/connection";
import type { SearchBackend, SearchQuery, SearchResult } from "./types";

export { InvalidSearchQueryError } from "./embedded/invalid-query";
export type { StockProvider } from "./embedded/backend";

/** The stock file read once per tenant per process; replace it with configureStockProvider. */
function cachedFileStock(): StockProvider {
  const stock = new Map<string, readonly Vehicle[]>();
  return (tenant) => {
    let vehicles = stock.get(tenant.slug);
    if (!vehicles) {
      vehicles = loadStock(tenant);
      stock.set(tenant.slug, vehicles);
    }
    return vehicles;
  };
}

let stockProvider: StockProvider = cachedFileStock();
let embedded: EmbeddedBackend = createEmbeddedBackend((tenant) => stockProvider(tenant));
const meilisearch = createMeilisearchBackend();
const resultsCache = new SearchResultsCache<Promise<SearchResult[]>>();
const cachedBackends = new Map<SearchBackend, SearchBackend>();

/**
 * Meilisearch when the tenant has a search host or MEILISEARCH_HOST is set; otherwise the
 * process-wide embedded engine. Either way results are cached by query (spec 000 §4).
 */
export function searchBackendFor(tenant: Tenant): SearchBackend {
  return withResultsCache(meilisearchConnectionFor(tenant) ? meilisearch : embedded);
}

/** Where the embedded engine gets each tenant's vehicles; drops every built index and cached result. */
export function configureStockProvider(provider: StockProvider): void {
  stockProvider = provider;
  embedded = createEmbeddedBackend((tenant) => stockProvider(tenant));
  cachedBackends.clear();
  resultsCache.clear();
}

/** New stock for one tenant (an import finished): the embedded index is rebuilt and swapped in. */
export function replaceTenantStock(tenantSlug: string, vehicles: readonly Vehicle[]): void {
  embedded.setStock(tenantSlug, vehicles);
  resultsCache.clear();
}

function withResultsCache(backend: SearchBackend): SearchBackend {
  let cached = cachedBackends.get(backend);
  if (!cached) {
    cached = {
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
    cachedBackends.set(backend, cached);
  }
  return cached;
}
