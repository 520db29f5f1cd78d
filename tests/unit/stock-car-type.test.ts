import { describe, expect, it } from "vitest";
import { facetValueLabel } from "~/server/search/facets";
import { carTypeLabel } from "~/server/stock/car-type";
import { cardChips } from "~/server/stock/card-chips";
import { makeTenant } from "../fixtures/tenant";
import { makeVehicle } from "../fixtures/vehicles";

describe("carTypeLabel: one label for car_type on cards, facets and titles", () => {
  it("reads new, used and demo as New, Used and Demo; anything else as written", () => {
    expect(["new", "used", "demo", "rental"].map(carTypeLabel)).toEqual(["New", "Used", "Demo", "rental"]);
  });

  it("the card chip and the facet chip agree", () => {
    const site = makeTenant().site;
    for (const carType of ["new", "used", "demo"] as const) {
      const chip = cardChips(makeVehicle({ car_type: carType }), site).find((entry) => entry.key === "car_type");
      expect(chip?.text).toBe(facetValueLabel("car_type", carType));
    }
  });
});
