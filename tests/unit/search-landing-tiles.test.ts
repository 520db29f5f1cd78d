import { describe, expect, it } from "vitest";
import { logger } from "~/server/lib/logger";
import { createSearchService } from "~/server/search/backend";
import { landingData } from "~/server/search/landing";
import { makeTenant } from "../fixtures/tenant";
import { makeVehicle } from "../fixtures/vehicles";

describe("landing tiles follow the stock they count", () => {
  it("counts new stock on the first view after it is swapped in, and names other sites' makes nowhere", async () => {
    let vehicles = [
      ...Array.from({ length: 3 }, (_, i) => makeVehicle({ id: i + 1, make: "Toyota", model: "Corolla" })),
      makeVehicle({ id: 10, make: "Mazda", model: "CX-5" }),
    ];
    const other = [makeVehicle({ id: 50, make: "Kia", model: "Sportage" })];
    const tenant = makeTenant({ slug: "landing-tiles" });
    const neighbour = makeTenant({ slug: "landing-tiles-neighbour" });
    const search = createSearchService({ stock: (t) => (t.slug === tenant.slug ? vehicles : other), meilisearch: {} });
    const tiles = async (site = tenant) => (await landingData(site, search.backendFor(site), logger))!.makes.map((t) => [t.label, t.count]);

    expect(await tiles()).toEqual([
      ["Toyota", 3],
      ["Mazda", 1],
    ]);
    // The same view again (the same counts from the results cache): the same tiles.
    expect(await tiles()).toEqual([
      ["Toyota", 3],
      ["Mazda", 1],
    ]);
    expect(await tiles(neighbour)).toEqual([["Kia", 1]]);

    vehicles = [...vehicles, makeVehicle({ id: 11, make: "Mazda", model: "CX-5" }), makeVehicle({ id: 12, make: "Mazda", model: "CX-3" })];
    await search.replaceTenantStock(tenant.slug, vehicles);
    expect(await tiles()).toEqual([
      ["Mazda", 3],
      ["Toyota", 3],
    ]);
  });
});
