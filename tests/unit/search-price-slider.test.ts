import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { logger } from "~/server/lib/logger";
import { createSearchService } from "~/server/search/backend";
import { landingData, priceFormTarget } from "~/server/search/landing";
import { PRICE_SLIDER, priceRangeHref, priceSliderRange } from "~/server/search/price-slider";
import { runSearch } from "~/server/search/run-search";
import { makeTenant } from "../fixtures/tenant";
import { makeVehicle } from "../fixtures/vehicles";

describe("priceSliderRange (spec 000 §2, §9)", () => {
  it("defaults to 5000–250000 in steps of 500", () => {
    expect(PRICE_SLIDER).toEqual({ min: 5000, max: 250000, step: 500 });
    expect(priceSliderRange(null, null)).toEqual({ min: 5000, max: 250000 });
    expect(priceSliderRange("", "abc")).toEqual({ min: 5000, max: 250000 });
  });

  it("reads dollars with $ and commas, clamps to the slider and snaps to the step", () => {
    expect(priceSliderRange("$20,000", "40,000")).toEqual({ min: 20000, max: 40000 });
    expect(priceSliderRange("1000", "999999")).toEqual({ min: 5000, max: 250000 });
    expect(priceSliderRange("20249", "20251")).toEqual({ min: 20000, max: 20500 });
    expect(priceSliderRange("-5", "1e6")).toEqual({ min: 5000, max: 250000 });
  });

  it("keeps the minimum one step (so at least 1) below the maximum, on the step grid", () => {
    expect(priceSliderRange("30000", "30000")).toEqual({ min: 30000, max: 30500 });
    expect(priceSliderRange("250000", "250000")).toEqual({ min: 249500, max: 250000 });
    expect(priceSliderRange("5000", "5000")).toEqual({ min: 5000, max: 5500 });
    expect(priceSliderRange("90000", "10000")).toEqual({ min: 10000, max: 90000 });
  });

  it("a dragged thumb stops one step short of the other; the text, the thumbs and the link read the same range", () => {
    // Dragging min past max at 20,000 once showed 20,000/20,000 while the link said 19999:20000.
    expect(priceSliderRange(25_000, 20_000, "min")).toEqual({ min: 19_500, max: 20_000 });
    expect(priceSliderRange(20_000, 20_000, "min")).toEqual({ min: 19_500, max: 20_000 });
    expect(priceSliderRange(20_000, 12_000, "max")).toEqual({ min: 20_000, max: 20_500 });
    expect(priceSliderRange(5_000, 5_000, "min")).toEqual({ min: 5_000, max: 5_500 });
    expect(priceSliderRange(250_000, 250_000, "max")).toEqual({ min: 249_500, max: 250_000 });
    expect(priceSliderRange(19_999, 20_000, "min")).toEqual({ min: 19_500, max: 20_000 });
  });

  it("for any inputs gives a range inside the slider, on the step grid, min at least a step below max, that reads back unchanged", () => {
    const thumb = fc.constantFrom(undefined, "min" as const, "max" as const);
    fc.assert(
      fc.property(
        fc.option(fc.string()),
        fc.option(fc.string()),
        fc.integer({ min: -1e6, max: 1e7 }),
        fc.integer({ min: -1e6, max: 1e7 }),
        thumb,
        (a, b, n, m, moved) => {
          for (const [min, max] of [
            [a, b],
            [String(n), b],
            [a, String(n)],
            [n, m],
          ] as const) {
            const range = priceSliderRange(min, max, moved);
            expect(range.min).toBeGreaterThanOrEqual(PRICE_SLIDER.min);
            expect(range.max).toBeLessThanOrEqual(PRICE_SLIDER.max);
            expect(range.max - range.min).toBeGreaterThanOrEqual(PRICE_SLIDER.step);
            expect((range.min - PRICE_SLIDER.min) % PRICE_SLIDER.step).toBe(0);
            expect((range.max - PRICE_SLIDER.min) % PRICE_SLIDER.step).toBe(0);
            expect(priceSliderRange(range.min, range.max)).toEqual(range);
            expect(priceSliderRange(String(range.min), String(range.max), moved)).toEqual(range);
          }
        },
      ),
    );
  });
});

describe("landingData", () => {
  const vehicles = [
    makeVehicle({ id: 1, car_type: "used", price: 4_000 }),
    makeVehicle({ id: 2, car_type: "used", price: 20_000 }),
    makeVehicle({ id: 3, car_type: "new", price: 60_000, make: "Mazda" }),
    makeVehicle({ id: 4, car_type: "new", price: 300_000 }),
    makeVehicle({ id: 5, car_type: "new", price: 30_000, show_on_dealer_website: false }),
  ];

  it("counts the slider's default range, the tiles over all stock, and 'browse all' at the default path", async () => {
    const search = createSearchService({ stock: () => vehicles, meilisearch: {} });
    const tenant = makeTenant({ slug: "landing-test", default_search_path: "used-cars" });
    const data = await landingData(tenant, search.backendFor(tenant), logger);
    expect(data?.price.count).toBe(2);
    expect(data?.price.href).toBe("/search/new-used-and-demo-cars?range[price]=5000:250000&sortBy=price:desc");
    // The browser builds the link for any range from plain data, with the same builder.
    expect(data && priceRangeHref(data.price.results, data.price.site, { min: 20_000, max: 40_000 })).toBe(
      "/search/new-used-and-demo-cars?range[price]=20000:40000&sortBy=price:desc",
    );
    expect(JSON.stringify(data?.price.site)).toBe(
      '{"site":{"features":{"default_sort":"custom_rank:desc","default_city_refinement":null}}}',
    );
    expect(data?.searchPath).toBe("/search/used-cars");
    expect(data?.total).toBe(2);
    expect(data?.makes.map((tile) => [tile.label, tile.count])).toEqual(
      expect.arrayContaining([
        ["Toyota", 3],
        ["Mazda", 1],
      ]),
    );
    expect(data?.noun).toEqual({ one: "car", many: "cars" });
  });
});

describe("the price landing's links on a site with a default city", () => {
  it("keep the default city, in the links built on the server and in the browser", async () => {
    const vehicles = [makeVehicle({ id: 1, city: "Newcastle", price: 20_000 }), makeVehicle({ id: 2, city: "Maitland", price: 30_000 })];
    const search = createSearchService({ stock: () => vehicles, meilisearch: {} });
    const tenant = makeTenant({ slug: "landing-city", features: { default_city_refinement: "Newcastle" } });
    const data = await landingData(tenant, search.backendFor(tenant), logger);
    expect(data?.price.count).toBe(1);
    expect(data?.price.href).toBe(
      "/search/new-used-and-demo-cars?refinementList[city][0]=Newcastle&range[price]=5000:250000&sortBy=price:desc",
    );
    expect(data && priceRangeHref(data.price.results, data.price.site, { min: 5_000, max: 25_000 })).toBe(
      "/search/new-used-and-demo-cars?refinementList[city][0]=Newcastle&range[price]=5000:25000&sortBy=price:desc",
    );
    expect(priceFormTarget(tenant, "5000", "25000")).toBe(
      data && priceRangeHref(data.price.results, data.price.site, { min: 5_000, max: 25_000 }),
    );
  });
});

describe("the landing's tiles on a site with a default city", () => {
  it("count what the page each one opens counts", async () => {
    const vehicles = [
      makeVehicle({ id: 1, city: "Newcastle", make: "Toyota", body: "suv", fuel: "Diesel" }),
      makeVehicle({ id: 2, city: "Newcastle", make: "Mazda", body: "hatch", fuel: "Petrol" }),
      makeVehicle({ id: 3, city: "Maitland", make: "Toyota", body: "suv", fuel: "Diesel" }),
      makeVehicle({ id: 4, city: "Maitland", make: "Toyota", body: "hatchback", fuel: "Petrol" }),
    ];
    const search = createSearchService({ stock: () => vehicles, meilisearch: {} });
    const tenant = makeTenant({
      slug: "landing-city-tiles",
      search_filters: ["make", "body", "fuel", "city"],
      features: { default_city_refinement: "Newcastle" },
    });
    const backend = search.backendFor(tenant);
    const data = await landingData(tenant, backend, logger);
    const tiles = [...(data?.makes ?? []), ...(data?.bodies ?? []), ...(data?.facets ?? []).flatMap((group) => group.tiles)];
    expect(tiles.map((tile) => [tile.label, tile.count])).toEqual([
      ["Mazda", 1],
      ["Toyota", 1],
      ["Hatch", 1],
      ["SUV", 1],
      ["Diesel", 1],
      ["Petrol", 1],
      ["Maitland", 2],
      ["Newcastle", 2],
    ]);
    for (const tile of tiles) {
      const opened = await runSearch(new URL(tile.href, "http://internal"), tenant, backend, logger);
      expect(opened.kind === "ok" && opened.page.estimatedTotalHits, tile.href).toBe(tile.count);
    }
  });
});
