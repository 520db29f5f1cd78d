import type { Vehicle } from "~/server/stock/vehicle";
import type { Tenant } from "~/server/tenants/load";
import type { SearchBackend, SearchQuery, SearchResult } from "~/server/search/types";
import { rankQuery, type ClauseCache } from "./run-query";
import { TenantIndex, type StockPages } from "./tenant-index";

export type { StockPages } from "./tenant-index";

export type StockProvider = (tenant: Tenant) => StockPages | Promise<readonly Vehicle[]>;

/** Where full vehicles come from when the index keeps only columns: the database (stock-store). */
export type VehicleRecords = {
  /** The vehicles with these ids, in the order asked (missing ones left out). */
  vehiclesByIds(tenant: string, ids: readonly number[]): Promise<Vehicle[]>;
  vehicleBySlug(tenant: string, slug: string): Promise<Vehicle | null>;
};

export type EmbeddedBackend = SearchBackend & {
  readonly name: "embedded";
  /** Builds a new index for the tenant and swaps it in; searches already running finish on the old one. Resolves to its size. */
  setStock(tenantSlug: string, stock: StockPages): Promise<number>;
  /** /readyz: true once the tenant's index is built; the first call starts a build when none has started. */
  built(tenant: Tenant): boolean;
};

/** Told of every finished build (the metrics' build time and index age). */
export type IndexBuiltListener = (tenantSlug: string, seconds: number) => void;

/**
 * In-process search: one index per tenant, built from the provider's stock on first use. With
 * `records`, indexes hold only columns and each page's hits (and the vehicle page) are read from
 * there; without, indexes keep the vehicles (tests, fakes, stock files).
 */
export function createEmbeddedBackend(getStock: StockProvider, records?: VehicleRecords, onBuilt?: IndexBuiltListener): EmbeddedBackend {
  const indexes = new Map<string, Promise<TenantIndex>>();
  const builtFor = new Set<string>();
  const options = { keepRecords: !records };

  async function build(tenantSlug: string, stock: StockPages | Promise<readonly Vehicle[]>): Promise<TenantIndex> {
    const started = process.hrtime.bigint();
    const index = await TenantIndex.buildInBackground(await stock, options);
    builtFor.add(tenantSlug);
    onBuilt?.(tenantSlug, Number(process.hrtime.bigint() - started) / 1e9);
    return index;
  }

  function indexFor(tenant: Tenant): Promise<TenantIndex> {
    let index = indexes.get(tenant.slug);
    if (!index) {
      const building = build(tenant.slug, getStock(tenant));
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
      const clauses: ClauseCache = new Map();
      const ranked = queries.map((query) => rankQuery(index, query, clauses));
      const kept = index.records;
      if (kept || !records) {
        return ranked.map(({ hitDocs, ...rest }) => ({ ...rest, hits: kept ? hitDocs.map((doc) => kept[doc]) : [] }));
      }
      // Every query's hits in one read: a results page is about 25 vehicles.
      const ids = [...new Set(ranked.flatMap((result) => result.hitDocs.map((doc) => index.ids[doc])))];
      const byId = new Map((await records.vehiclesByIds(tenant.slug, ids)).map((vehicle) => [vehicle.id, vehicle]));
      return ranked.map(({ hitDocs, ...rest }) => ({
        ...rest,
        // A vehicle gone from the database since this index was built is left out.
        hits: hitDocs.flatMap((doc) => byId.get(index.ids[doc]) ?? []),
      }));
    },
    async getVehicle(tenant: Tenant, slug: string): Promise<Vehicle | null> {
      if (records) return records.vehicleBySlug(tenant.slug, slug);
      return (await indexFor(tenant)).getVehicle(slug);
    },
    async setStock(tenantSlug: string, stock: StockPages): Promise<number> {
      // Searches keep the previous index until the new one is complete.
      const index = await build(tenantSlug, stock);
      indexes.set(tenantSlug, Promise.resolve(index));
      return index.size;
    },
    built(tenant: Tenant): boolean {
      if (!builtFor.has(tenant.slug)) indexFor(tenant).catch(() => undefined);
      return builtFor.has(tenant.slug);
    },
  };
}
