import { describe, expect, it } from "vitest";
import type { SearchState } from "~/server/search/state";
import { clearAll, emptySearchState, withPage, withRange, withRefinementToggled, withSort } from "~/server/search/transitions";
import { parseSearchUrl, searchUrl } from "~/server/search/url";
import { makeTenant } from "../fixtures/tenant";

const tenant = makeTenant();

function parse(path: string): SearchState {
  const result = parseSearchUrl(new URL(path, "https://example.test"), tenant);
  if (!result.ok) throw new Error(path);
  return result.state;
}

describe("state transitions", () => {
  it("toggling a make on and off moves the path and resets the page", () => {
    const start = parse("/search/used-cars?page=3");
    const toyota = withRefinementToggled(start, "make", "toyota");
    expect(toyota).toMatchObject({ path: "/search/toyota", page: 1, refinements: { make: ["Toyota"] } });
    expect(searchUrl(toyota, tenant)).toBe("/search/toyota?refinementList[car_type][0]=used");
    const off = withRefinementToggled(toyota, "make", "Toyota");
    expect(off).toMatchObject({ path: "/search/used-cars", refinements: {} });
    expect(start.page).toBe(3);
  });

  it("toggling car types", () => {
    const used = withRefinementToggled(emptySearchState(tenant), "car_type", "used");
    expect(used).toMatchObject({ carTypes: ["used"], path: "/search/used-cars" });
    const all = withRefinementToggled(withRefinementToggled(used, "car_type", "demo"), "car_type", "new");
    expect(all).toMatchObject({ carTypes: [], path: "/search/new-used-and-demo-cars" });
    expect(withRefinementToggled(used, "car_type", "rental")).toBe(used);
  });

  it("withRange sets, swaps and removes a range", () => {
    const state = emptySearchState(tenant);
    expect(withRange(state, "price", { min: 20000, max: 10000 }).ranges).toEqual({ price: { min: 10000, max: 20000 } });
    expect(withRange(state, "km", { max: 50000 }).ranges).toEqual({ km: { max: 50000 } });
    expect(withRange(withRange(state, "km", { max: 50000 }), "km", {}).ranges).toEqual({});
    expect(withRange(state, "price", { min: Number.NaN, max: Infinity }).ranges).toEqual({});
  });

  it("withSort stores the site's default as null", () => {
    const state = withPage(emptySearchState(tenant), 4);
    expect(withSort(state, "price:desc", tenant)).toMatchObject({ sort: "price:desc", page: 1 });
    expect(withSort(state, "custom_rank:desc", tenant).sort).toBeNull();
    expect(searchUrl(withSort(state, "price:desc", tenant), tenant)).toBe("/search/new-used-and-demo-cars?sortBy=price:desc");
  });

  it("withPage keeps pages whole, at least 1 and at most 5000", () => {
    const state = emptySearchState(tenant);
    expect([2, 0, -3, 2.5, Number.NaN, 5000, 9999].map((page) => withPage(state, page).page)).toEqual([2, 1, 1, 1, 1, 5000, 5000]);
  });

  it("clearAll drops filters, the preset and the page but keeps the words and the sort", () => {
    const state = parse("/search/7-seater-cars?refinementList[colour][0]=Red&range[price]=1:2&page=2&q=sr5&sortBy=price:asc");
    expect(clearAll(state)).toEqual({ ...emptySearchState(tenant), q: "sr5", sort: "price:asc" });
  });
});
