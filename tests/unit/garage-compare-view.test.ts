import { describe, expect, it } from "vitest";
import { compareView } from "~/server/garage/compare-view";
import { makeSite } from "../fixtures/tenant";
import { makeCorolla } from "../fixtures/vehicles";

const NOW = Date.UTC(2026, 10, 27);

describe("compareView", () => {
  it("labels the specs as the cards do and shows body values with the one body label", () => {
    const view = compareView(
      [
        makeCorolla({ id: 1, simple_body: "suv" }),
        makeCorolla({ id: 2, simple_body: "cabChassis" }),
        makeCorolla({ id: 3, simple_body: "hatchback" }),
      ],
      makeSite(),
      NOW,
    );
    expect(view.rows.map((row) => row.label)).toEqual([
      "Condition",
      "Year",
      "Odometer",
      "Body type",
      "Transmission",
      "Fuel",
      "Finance per week",
    ]);
    expect(view.rows.find((row) => row.key === "simple_body")?.values).toEqual(["SUV", "Cab Chassis", "Hatch"]);
  });

  it("marks a row as differing only when two cars read differently", () => {
    const view = compareView(
      [makeCorolla({ id: 1, simple_body: "hatch", km: 10_000 }), makeCorolla({ id: 2, simple_body: "hatchback", km: 20_000 })],
      makeSite(),
      NOW,
    );
    const byKey = new Map(view.rows.map((row) => [row.key, row]));
    expect(byKey.get("km")).toMatchObject({ values: ["10,000 km", "20,000 km"], differs: true });
    // hatch and hatchback are one body to a shopper, so they do not differ
    expect(byKey.get("simple_body")).toMatchObject({ values: ["Hatch", "Hatch"], differs: false });
    expect(compareView([makeCorolla({ id: 1, km: 5 })], makeSite(), NOW).rows.some((row) => row.differs)).toBe(false);
  });

  it("shows each price as the price rule does, with Enquire only for a car that can still be bought", () => {
    const site = makeSite({ flags: { offers_subscription: true } });
    const view = compareView(
      [
        makeCorolla({ id: 1, price: 25_990 }),
        makeCorolla({ id: 2, price: 12_000, subscription_price: 99 }),
        makeCorolla({ id: 3, price: 5, status: "sold", sold: true }),
      ],
      site,
      NOW,
    );
    expect(view.cars.map((car) => car.price)).toEqual([
      { kind: "price", text: "$25,990" },
      { kind: "subscription", text: "$99" },
      { kind: "text", text: site.features.no_price_text },
    ]);
    expect(view.cars[0]?.enquire).toBe(`${view.cars[0]?.details}/enquire`);
    expect(view.cars[2]?.enquire).toBeNull();
    expect(view.cars[2]?.details).toMatch(/^\//);
  });

  it("keeps at most 3 cars", () => {
    const four = [1, 2, 3, 4].map((id) => makeCorolla({ id }));
    const view = compareView(four, makeSite(), NOW);
    expect(view.cars).toHaveLength(3);
    expect(view.rows.every((row) => row.values.length === 3)).toBe(true);
  });
});
