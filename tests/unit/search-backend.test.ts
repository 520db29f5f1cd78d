import { describe, expect, it } from "vitest";
import { createSearchService, type StockProvider } from "~/server/search/backend";
import { makeTenant } from "../fixtures/tenant";
import { fixtureVehicles, makeVehicle } from "../fixtures/vehicles";

function service(stock: StockProvider = () => fixtureVehicles, meilisearch: { MEILISEARCH_HOST?: string } = {}) {
  return createSearchService({ stock, meilisearch });
}

describe("createSearchService().backendFor", () => {
  it("uses the embedded engine without any search host", () => {
    expect(service().backendFor(makeTenant()).name).toBe("embedded");
  });

  it("uses Meilisearch for a tenant with its own search host, or when MEILISEARCH_HOST is set", () => {
    expect(service().backendFor(makeTenant({ search: { host: "http://search.example", key_env: null, index: null } })).name).toBe(
      "meilisearch",
    );
    expect(service(undefined, { MEILISEARCH_HOST: "http://127.0.0.1:7700" }).backendFor(makeTenant()).name).toBe("meilisearch");
  });

  it("reads stock from its provider and caches results by query", async () => {
    let builds = 0;
    const search = service(() => {
      builds += 1;
      return fixtureVehicles;
    });
    const tenant = makeTenant({ slug: "cache-test" });
    const queries = [{ indexUid: "stock", filter: ["make = Ford"], limit: 1 }];
    const first = await search.backendFor(tenant).multiSearch(tenant, queries);
    const second = await search.backendFor(tenant).multiSearch(tenant, [{ ...queries[0] }]);
    expect(second).toBe(first);
    expect(first[0].estimatedTotalHits).toBe(5);
    expect(builds).toBe(1);
  });

  it("two services share nothing: each has its own index and cache", async () => {
    const tenant = makeTenant({ slug: "separate-test" });
    const queries = [{ indexUid: "stock", limit: 0 }];
    const one = service(() => fixtureVehicles);
    const other = service(() => [makeVehicle({ id: 1 })]);
    expect((await one.backendFor(tenant).multiSearch(tenant, queries))[0].estimatedTotalHits).toBe(fixtureVehicles.length);
    expect((await other.backendFor(tenant).multiSearch(tenant, queries))[0].estimatedTotalHits).toBe(1);
  });

  it("drops cached results when a tenant's stock is replaced", async () => {
    const search = service();
    const tenant = makeTenant({ slug: "replace-test" });
    const queries = [{ indexUid: "stock", limit: 0 }];
    expect((await search.backendFor(tenant).multiSearch(tenant, queries))[0].estimatedTotalHits).toBe(fixtureVehicles.length);
    await search.replaceTenantStock("replace-test", [makeVehicle({ id: 1 })]);
    expect((await search.backendFor(tenant).multiSearch(tenant, queries))[0].estimatedTotalHits).toBe(1);
    expect(await search.backendFor(tenant).getVehicle(tenant, "vehicle-1")).toMatchObject({ id: 1 });
  });

  it("does not keep a failed search in the cache", async () => {
    let fail = true;
    const search = service(() => {
      if (fail) throw new Error("stock unavailable");
      return fixtureVehicles;
    });
    const tenant = makeTenant({ slug: "failure-test" });
    const queries = [{ indexUid: "stock", limit: 0 }];
    await expect(search.backendFor(tenant).multiSearch(tenant, queries)).rejects.toThrow("stock unavailable");
    fail = false;
    expect((await search.backendFor(tenant).multiSearch(tenant, queries))[0].estimatedTotalHits).toBe(fixtureVehicles.length);
  });
});
