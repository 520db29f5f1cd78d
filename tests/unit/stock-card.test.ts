import { describe, expect, it } from "vitest";
import { cardChips } from "~/server/stock/card-chips";
import { locationLabel } from "~/server/stock/location-label";
import { maskPhone } from "~/server/stock/phone-mask";
import { vehicleTitle } from "~/server/stock/vehicle-title";
import { makeSite } from "../fixtures/tenant";
import { makeCorolla } from "../fixtures/vehicles";

describe("maskPhone (spec 000 §2)", () => {
  it("shows the first 5 characters and masks the rest, spaces too, keeping the length", () => {
    expect(maskPhone("0412 345 678")).toBe("0412 *******");
    expect(maskPhone("(02) 9000 0000")).toBe("(02) *********");
    expect(maskPhone("0412 345 678")).toHaveLength(12);
  });

  it("shows 5 or fewer characters unchanged", () => {
    expect(maskPhone("12345")).toBe("12345");
    expect(maskPhone("123456")).toBe("12345*");
    expect(maskPhone("")).toBe("");
  });
});

describe("cardChips (spec 000 §2 default chips)", () => {
  it("shows car_type, simple_body, km, simple_transmission and stocknum by default", () => {
    expect(cardChips(makeCorolla({ km: 12_345 }), makeSite())).toEqual([
      { key: "car_type", label: "Condition", text: "Used" },
      { key: "simple_body", label: "Body type", text: "Hatch" },
      { key: "km", label: "Odometer", text: "12,345 km" },
      { key: "simple_transmission", label: "Transmission", text: "Automatic" },
      { key: "stocknum", label: "Stock number", text: "ABC123" },
    ]);
  });

  it("writes miles on US sites", () => {
    const us = makeSite({ locale: "en-US", distance_unit: "mi" });
    expect(cardChips(makeCorolla({ km: 12_345 }), us).find((chip) => chip.key === "km")?.text).toBe("7,671 mi");
  });

  it("skips missing values", () => {
    const chips = cardChips(makeCorolla({ km: null, simple_body: null, simple_transmission: " " }), makeSite());
    expect(chips.map((chip) => chip.key)).toEqual(["car_type", "stocknum"]);
  });

  it("follows the site's chip list and order", () => {
    const site = makeSite({ features: { card_chips: ["year", "simple_fuel", "car_type"] } });
    expect(cardChips(makeCorolla({ car_type: "demo" }), site).map((chip) => chip.text)).toEqual(["2021", "Petrol", "Demo"]);
  });
});

describe("vehicleTitle (spec 000 §2)", () => {
  it("joins year, make, model, badge and series", () => {
    expect(vehicleTitle(makeCorolla())).toBe("2021 Toyota Corolla Ascent Sport ZWE211R");
  });

  it("skips missing parts", () => {
    expect(vehicleTitle(makeCorolla({ badge: null, series: "" }))).toBe("2021 Toyota Corolla");
  });
});

describe("locationLabel (spec 000 §2 location overlay)", () => {
  it("shows city and state by default", () => {
    expect(locationLabel(makeCorolla(), makeSite())).toBe("Sydney, NSW");
    expect(locationLabel(makeCorolla({ state: "" }), makeSite())).toBe("Sydney");
  });

  it("shows the location name without ' - Sales' when configured", () => {
    const site = makeSite({ features: { location_overlay: "location_name" } });
    expect(locationLabel(makeCorolla(), site)).toBe("Harbourside Toyota");
    expect(locationLabel(makeCorolla({ location_name: "Parramatta Used" }), site)).toBe("Parramatta Used");
    expect(locationLabel(makeCorolla({ location_name: " - Sales" }), site)).toBe("Sydney, NSW");
  });
});
