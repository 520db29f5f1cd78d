import { afterEach, describe, expect, it } from "vitest";
import { resetEnvForTests } from "../../server/lib/env";
import { configureStockProvider, replaceTenantStock, searchBackendFor } from "../../server/search/backend";
import { makeTenant } from "../fixtures/tenant";
import { fixtureVehicles, makeVehicle } from "../fixtures/vehicles";

afterEach(() => {
  delete process.env.MEILISEARCH_HOST;
  resetEnvForTests();
});

describe("searchBackendFor", () => {
  it("uses the embedded engine without any search host", () => {
    expect(searchBackendFor(makeTenant()).name).toBe("embedded");
  });

  it("uses Meilisearch for a tenant with its own search host, or when MEILISEARCH_HOST is set", () => {
    expect(searchBackendFor(makeTenant({ search: { host: "http://search.example", key_env: null, index: null } })).name).toBe("meilisearch");
    process.env.MEILISEARCH_HOST = "http://127.0.0.1:7700";
    resetEnvForTests();
    expect(searchBackendFor(makeTenant()).name).toBe("meilisearch");
  });

  it("reads stock from the configured provider and caches results by query", async () => {
    let builds = 0;
    configureStockProvider(() => {
      builds += 1;
      return fixtureVehicles;
    });
    const tenant = makeTenant({ slug: "cache-test" });
    const queries = [{ indexUid: "stock", filter: ["make = Ford"], limit: 1 }];
    const first = await searchBackendFor(tenant).multiSearch(tenant, queries);
    const second = await searchBackendFor(tenant).multiSearch(tenant, [{ ...queries[0] }]);
    expect(second).toBe(first);
    expect(first[0].estimatedTotalHits).toBe(5);
    expect(builds).toBe(1);
  });

  it("drops cached results when a tenant's stock is replaced", async () => {
    configureStockProvider(() => fixtureVehicles);
    const tenant = makeTenant({ slug: "replace-test" });
    const queries = [{ indexUid: "stock", limit: 0 }];
    expect((await searchBackendFor(tenant).multiSearch(tenant, queries))[0].estimatedTotalHits).toBe(fixtureVehicles.length);
    replaceTenantStock("replace-test", [makeVehicle({ id: 1 })]);
    expect((await searchBackendFor(tenant).multiSearch(tenant, queries))[0].estimatedTotalHits).toBe(1);
    expect(await searchBackendFor(tenant).getVehicle(tenant, "vehicle-1")).toMatchObject({ id: 1 });
  });

  it("does not keep a failed search in the cache", async () => {
    let fail = true;
    configureStockProvider(() => {
      if (fail) throw new Error("stock unavailable");
      return fixtureVehicles;
    });
    const tenant = makeTenant({ slug: "failure-test" });
    const queries = [{ indexUid: "stock", limit: 0 }];
    await expect(searchBackendFor(tenant).multiSearch(tenant, queries)).rejects.toThrow("stock unavailable");
    fail = false;
    expect((await searchBackendFor(tenant).multiSearch(tenant, queries))[0].estimatedTotalHits).toBe(fixtureVehicles.length);
  });
});
