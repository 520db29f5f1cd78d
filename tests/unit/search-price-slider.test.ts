import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { logger } from "../../server/lib/logger";
import { configureStockProvider } from "../../server/search/backend";
import { landingData } from "../../server/search/landing";
import { PRICE_SLIDER, priceSliderRange } from "../../server/search/price-slider";
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

  it("keeps the minimum at least 1 below the maximum, and the maximum above the minimum", () => {
    expect(priceSliderRange("30000", "30000")).toEqual({ min: 30000, max: 30001 });
    expect(priceSliderRange("250000", "250000")).toEqual({ min: 249999, max: 250000 });
    expect(priceSliderRange("5000", "5000")).toEqual({ min: 5000, max: 5001 });
    expect(priceSliderRange("90000", "10000")).toEqual({ min: 10000, max: 90000 });
  });

  it("for any two inputs gives a range inside the slider with min < max", () => {
    fc.assert(
      fc.property(fc.option(fc.string()), fc.option(fc.string()), fc.integer({ min: -1e6, max: 1e7 }), (a, b, n) => {
        for (const [min, max] of [[a, b], [String(n), b], [a, String(n)]] as const) {
          const range = priceSliderRange(min, max);
          expect(range.min).toBeGreaterThanOrEqual(PRICE_SLIDER.min);
          expect(range.max).toBeLessThanOrEqual(PRICE_SLIDER.max);
          expect(range.max - range.min).toBeGreaterThanOrEqual(1);
        }
      }),
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
    configureStockProvider(() => vehicles);
    const tenant = makeTenant({ slug: "landing-test", default_search_path: "used-cars" });
    const data = await landingData(tenant, logger);
    expect(data?.price.count).toBe(2);
    expect(data?.price.href).toBe("/search/new-used-and-demo-cars?range[price]=5000:250000&sortBy=price:desc");
    expect(data?.searchPath).toBe("/search/used-cars");
    expect(data?.total).toBe(2);
    expect(data?.makes.map((tile) => [tile.label, tile.count])).toEqual(expect.arrayContaining([["Toyota", 3], ["Mazda", 1]]));
    expect(data?.noun).toEqual({ one: "car", many: "cars" });
  });
});
