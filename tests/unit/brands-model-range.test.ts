import { describe, expect, it } from "vitest";
import { modelRange } from "~/server/brands/model-range";
import { parseManufacturer } from "~/server/brands/manufacturer-data";
import { makeVehicle } from "../fixtures/vehicles";

const stock = [
  makeVehicle({ id: 1, make: "Jeep", model: "Wrangler", price: 72000, status: "in_stock" }),
  makeVehicle({ id: 2, make: "Jeep", model: "Wrangler", price: 69000, status: "coming_soon" }),
  makeVehicle({ id: 3, make: "Jeep", model: "Wrangler", price: 50000, status: "sold" }),
  makeVehicle({ id: 4, make: "Jeep", model: "Compass", price: 0, status: "in_stock" }),
  makeVehicle({ id: 5, make: "Jeep", model: "Avenger", price: 39000, status: "in_stock" }),
];

describe("brand model range", () => {
  it("from stock alone: available models by name, lowest shown price, available count, search links", () => {
    const range = modelRange("jeep", stock, null);
    expect(range.map((m) => [m.name, m.inStock, m.fromPrice, m.searchHref])).toEqual([
      ["Avenger", 1, 39000, "/search/jeep/avenger"],
      ["Compass", 1, null, "/search/jeep/compass"],
      ["Wrangler", 2, 69000, "/search/jeep/wrangler"],
    ]);
  });

  it("with manufacturer data: its order and from-prices, models out of stock included, stock-only models after", () => {
    const manufacturer = parseManufacturer({
      name: "Jeep",
      models: [
        { name: "Grand Cherokee", from_price: 84000 },
        { name: "Wrangler", from_price: 71000, image_url: "javascript:alert(1)" },
        { name: 42 },
      ],
    });
    const range = modelRange("jeep", stock, manufacturer);
    expect(range.map((m) => [m.name, m.inStock, m.fromPrice])).toEqual([
      ["Grand Cherokee", 0, 84000],
      ["Wrangler", 2, 71000],
      ["Avenger", 1, 39000],
      ["Compass", 1, null],
    ]);
    expect(manufacturer.models[1]?.imageUrl).toBeNull();
  });
});
