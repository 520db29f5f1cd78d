import { describe, expect, it } from "vitest";
import { createEmbeddedBackend } from "~/server/search/embedded/backend";
import type { Vehicle } from "~/server/stock/vehicle";
import { makeTenant } from "../fixtures/tenant";
import { fixtureVehicles, makeVehicle } from "../fixtures/vehicles";

const tenant = (slug: string) => makeTenant({ slug });

describe("createEmbeddedBackend", () => {
  it("builds a tenant's index once, on first use, from the provider", async () => {
    const asked: string[] = [];
    const backend = createEmbeddedBackend(async (t) => {
      asked.push(t.slug);
      return fixtureVehicles;
    });
    expect(asked).toEqual([]);
    const [first, second] = await Promise.all([
      backend.multiSearch(tenant("harbourside"), [{ indexUid: "stock", limit: 1 }]),
      backend.getVehicle(tenant("harbourside"), "2022-ford-ranger-16"),
    ]);
    await backend.multiSearch(tenant("harbourside"), [{ indexUid: "stock" }]);
    expect(asked).toEqual(["harbourside"]);
    expect(first[0].estimatedTotalHits).toBe(fixtureVehicles.length);
    expect(second?.model).toBe("Ranger");
  });

  it("keeps tenants apart", async () => {
    const stock: Record<string, Vehicle[]> = { a: [makeVehicle({ id: 1, make: "Kia" })], b: [makeVehicle({ id: 2, make: "Ford" })] };
    const backend = createEmbeddedBackend((t) => stock[t.slug] ?? []);
    const [a] = await backend.multiSearch(tenant("a"), [{ indexUid: "stock", facets: ["make"] }]);
    const [b] = await backend.multiSearch(tenant("b"), [{ indexUid: "stock", facets: ["make"] }]);
    expect(a.facetDistribution).toEqual({ make: { Kia: 1 } });
    expect(b.facetDistribution).toEqual({ make: { Ford: 1 } });
  });

  it("answers each query of a multi-search in order", async () => {
    const backend = createEmbeddedBackend(() => fixtureVehicles);
    const results = await backend.multiSearch(tenant("t"), [
      { indexUid: "main", filter: ["make = Ford"], limit: 2 },
      { indexUid: "counts", facets: ["make"], limit: 1 },
    ]);
    expect(results.map((r) => r.indexUid)).toEqual(["main", "counts"]);
    expect(results[0].hits).toHaveLength(2);
    expect(results[1].facetDistribution?.make?.Ford).toBe(5);
  });

  it("swaps in a new index on setStock", async () => {
    const backend = createEmbeddedBackend(() => fixtureVehicles);
    await backend.multiSearch(tenant("t"), [{ indexUid: "stock" }]);
    await backend.setStock("t", [makeVehicle({ id: 99, slug: "only-one" })]);
    const [result] = await backend.multiSearch(tenant("t"), [{ indexUid: "stock" }]);
    expect(result.hits.map((v) => v.slug)).toEqual(["only-one"]);
    expect(await backend.getVehicle(tenant("t"), "2022-ford-ranger-16")).toBeNull();
  });

  it("tries the provider again after a failed build", async () => {
    let calls = 0;
    const backend = createEmbeddedBackend(async () => {
      calls += 1;
      if (calls === 1) throw new Error("stock file unreadable");
      return fixtureVehicles;
    });
    await expect(backend.multiSearch(tenant("t"), [{ indexUid: "stock" }])).rejects.toThrow("stock file unreadable");
    const [result] = await backend.multiSearch(tenant("t"), [{ indexUid: "stock", limit: 0 }]);
    expect(result.estimatedTotalHits).toBe(fixtureVehicles.length);
  });

  it("returns null for an unknown slug", async () => {
    const backend = createEmbeddedBackend(() => fixtureVehicles);
    expect(await backend.getVehicle(tenant("t"), "no-such-car")).toBeNull();
  });

  it("with a record source, keeps only columns and reads each page's vehicles from it in one call", async () => {
    const reads: number[][] = [];
    const bySlug: string[] = [];
    const records = {
      async vehiclesByIds(tenantSlug: string, ids: readonly number[]) {
        reads.push([...ids]);
        return fixtureVehicles.filter((vehicle) => ids.includes(vehicle.id)).reverse();
      },
      async vehicleBySlug(tenantSlug: string, slug: string) {
        bySlug.push(slug);
        return fixtureVehicles.find((vehicle) => vehicle.slug === slug) ?? null;
      },
    };
    const backend = createEmbeddedBackend(() => fixtureVehicles, records);
    const [main, counts] = await backend.multiSearch(tenant("t"), [
      { indexUid: "main", filter: ["make = Ford"], sort: ["price:asc"], limit: 3 },
      { indexUid: "counts", facets: ["make"], limit: 1 },
    ]);
    const fords = fixtureVehicles.filter((vehicle) => vehicle.make === "Ford");
    expect(main.hits.map((vehicle) => vehicle.make)).toEqual(["Ford", "Ford", "Ford"]);
    // In the index's order, whatever order the source answers in.
    expect(main.hits.map((vehicle) => vehicle.price)).toEqual(
      fords
        .map((vehicle) => vehicle.price)
        .sort((a, b) => (a ?? Infinity) - (b ?? Infinity))
        .slice(0, 3),
    );
    expect(counts.hits).toHaveLength(1);
    expect(reads).toHaveLength(1);
    expect(reads[0]).toHaveLength(4);
    expect((await backend.getVehicle(tenant("t"), "2022-ford-ranger-16"))?.model).toBe("Ranger");
    expect(bySlug).toEqual(["2022-ford-ranger-16"]);
  });

  it("builds from stock read a page at a time", async () => {
    async function* pages() {
      yield fixtureVehicles.slice(0, 5);
      yield fixtureVehicles.slice(5);
    }
    const backend = createEmbeddedBackend(() => pages());
    const [result] = await backend.multiSearch(tenant("t"), [{ indexUid: "stock", facets: ["make"], limit: 0 }]);
    expect(result.estimatedTotalHits).toBe(fixtureVehicles.length);
    expect(await backend.setStock("t", pages())).toBe(fixtureVehicles.length);
  });
});
