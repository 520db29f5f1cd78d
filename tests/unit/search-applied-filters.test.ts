import { describe, expect, it } from "vitest";
import { appliedFilters } from "~/server/search/applied-filters";
import { rangeBoundText } from "~/server/search/facets";
import { emptySearchState, withRange, withRefinementToggled } from "~/server/search/transitions";
import { makeTenant } from "../fixtures/tenant";

const tenant = makeTenant({ slug: "harbourside" });

describe("appliedFilters (the chips above the results)", () => {
  it("has no chip when nothing is applied", () => {
    expect(appliedFilters(emptySearchState(tenant), tenant)).toEqual([]);
  });

  it("names each applied filter as the shopper would say it, and each chip links to the same search without it", () => {
    let state = withRefinementToggled(emptySearchState(tenant), "car_type", "used");
    state = withRefinementToggled(state, "make", "Toyota");
    state = withRange(state, "price", { min: 10000, max: 40000 });
    state = withRange(state, "km", { max: 204261 });
    state = { ...state, q: "hybrid" };
    const chips = appliedFilters(state, tenant);
    expect(chips.map((chip) => chip.label)).toEqual(["Used", "Toyota", "$10,000 to $40,000", "Under 204,261 km", "“hybrid”"]);
    expect(chips[0]!.removeHref).toBe("/search/toyota?range[price]=10000:40000&range[km]=:204261&q=hybrid");
    expect(chips[1]!.removeHref).toBe("/search/used-cars?range[price]=10000:40000&range[km]=:204261&q=hybrid");
    expect(chips[2]!.removeHref).toBe("/search/toyota?refinementList[car_type][0]=used&range[km]=:204261&q=hybrid");
    expect(chips[4]!.removeHref).toBe("/search/toyota?refinementList[car_type][0]=used&range[price]=10000:40000&range[km]=:204261");
  });
});

describe("rangeBoundText (the range inputs' placeholders)", () => {
  it("writes money with $ and separators, the odometer with its unit and years bare", () => {
    expect(rangeBoundText("price", 184990, tenant)).toBe("$184,990");
    expect(rangeBoundText("km", 204261, tenant)).toBe("204,261 km");
    expect(rangeBoundText("year", 2019, tenant)).toBe("2019");
  });

  it("uses miles on a US site", () => {
    const us = makeTenant({ slug: "lakeside-auto", locale: "en-US", distance_unit: "mi" });
    expect(rangeBoundText("km", 126920, us)).toBe("126,920 mi");
  });
});

describe("one wording for a filter: the chips read like the keyword box's suggestions", () => {
  it("years as 'or newer' and 'or older', seats with their noun, a minimum as 'Over'", () => {
    let state = withRange(emptySearchState(tenant), "year", { min: 2021 });
    state = withRange(state, "price", { min: 20000 });
    state = withRefinementToggled(state, "seats", "7");
    expect(appliedFilters(state, tenant).map((chip) => chip.label)).toEqual(["7 seats", "2021 or newer", "Over $20,000"]);
    expect(appliedFilters(withRange(emptySearchState(tenant), "year", { max: 2015 }), tenant)[0]!.label).toBe("2015 or older");
  });
});
