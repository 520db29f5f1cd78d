import type { Vehicle } from "~/server/stock/vehicle";
import type { Tenant } from "~/server/tenants/load";
import type { SearchBackend, SearchQuery, SearchResult } from "../types";
import { runQuery } from "./run-query";
import { TenantIndex } from "./tenant-index";

export type StockProvider = (tenant: Tenant) => readonly Vehicle[] | Promise<readonly Vehicle[]>;

export type EmbeddedBackend = SearchBackend & {
  readonly name: "embedded";
  /** Builds a new index for the tenant and swaps it in; searches already running finish on the old one. */
  setStock(tenantSlug: string, vehicles: readonly Vehicle[]): Promise<void>;
};

/** In-process search: one index per tenant, built from the provider's stock on first use. */
export function createEmbeddedBackend(getStock: StockProvider): EmbeddedBackend {
  const indexes = new Map<string, Promise<TenantIndex>>();

  function indexFor(tenant: Tenant): Promise<TenantIndex> {
    let index = indexes.get(tenant.slug);
    if (!index) {
      const building = Promise.resolve(getStock(tenant)).then((vehicles) => TenantIndex.build(vehicles));
      index = building;
      indexes.set(tenant.slug, building);
      // A failed build is not cached, so the next search tries again.
      building.catch(() => {
        if (indexes.get(tenant.slug) === building) indexes.delete(tenant.slug);
      });
    }
    return index;
  }

  return {
    name: "embedded",
    async multiSearch(tenant: Tenant, queries: SearchQuery[]): Promise<SearchResult[]> {
      const index = await indexFor(tenant);
      return queries.map((query) => runQuery(index, query));
    },
    async getVehicle(tenant: Tenant, slug: string): Promise<Vehicle | null> {
      return (await indexFor(tenant)).getVehicle(slug);
    },
    async setStock(tenantSlug: string, vehicles: readonly Vehicle[]): Promise<void> {
      // Searches keep the previous index until the new one is complete.
      const index = await TenantIndex.buildInBackground(vehicles);
      indexes.set(tenantSlug, Promise.resolve(index));
    },
  };
}
