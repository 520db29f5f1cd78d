import { describe, expect, it } from "vitest";
import { pagerPages, resultsView } from "~/server/search/results-view";
import type { SearchPage } from "~/server/search/response";
import { emptySearchState, withPage, withRange, withRefinementToggled, withSort } from "~/server/search/transitions";
import type { SearchState } from "~/server/search/state";
import { makeTenant } from "../fixtures/tenant";
import { fixtureNow, makeVehicle } from "../fixtures/vehicles";

const tenant = makeTenant({ slug: "harbourside" });

function pageOf(state: SearchState, total: number): SearchPage {
  return {
    hits: [makeVehicle({ id: 1 })],
    estimatedTotalHits: total,
    processingTimeMs: 1,
    facetDistribution: { make: { Toyota: total } },
    facetStats: {},
    limit: 21,
    page: state.page,
    pages: Math.ceil(total / 21),
  };
}

describe("pagerPages", () => {
  it("lists every page up to 7", () => {
    expect(pagerPages(1, 1)).toEqual([1]);
    expect(pagerPages(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it("keeps the first and last page and the neighbours of the current one, with gaps between", () => {
    expect(pagerPages(1, 20)).toEqual([1, 2, "gap", 20]);
    expect(pagerPages(10, 20)).toEqual([1, "gap", 9, 10, 11, "gap", 20]);
    expect(pagerPages(20, 20)).toEqual([1, "gap", 19, 20]);
    expect(pagerPages(3, 20)).toEqual([1, 2, 3, 4, "gap", 20]);
    expect(pagerPages(18, 20)).toEqual([1, "gap", 17, 18, 19, 20]);
  });

  it("never shows a gap that hides no page", () => {
    for (let pages = 1; pages <= 30; pages += 1) {
      for (let page = 1; page <= pages; page += 1) {
        const entries = pagerPages(page, pages);
        const numbers = entries.filter((entry): entry is number => entry !== "gap");
        expect(numbers[0]).toBe(1);
        expect(numbers[numbers.length - 1]).toBe(pages);
        expect(numbers).toContain(page);
        entries.forEach((entry, index) => {
          if (entry !== "gap") return;
          const before = entries[index - 1];
          const after = entries[index + 1];
          expect(typeof before === "number" && typeof after === "number" && after - before > 1).toBe(true);
        });
      }
    }
  });
});

describe("resultsView", () => {
  it("links previous and next pages, page 1 without a page number", () => {
    const state = withPage(emptySearchState(tenant), 2);
    const view = resultsView(state, pageOf(state, 100), tenant, fixtureNow);
    expect(view.pager.pages).toBe(5);
    expect(view.pager.previous).toBe("/search/new-used-and-demo-cars?q=");
    expect(view.pager.next).toBe("/search/new-used-and-demo-cars?page=3");
    expect(view.pager.links.find((link) => link !== "gap" && link.current)).toMatchObject({ page: 2 });
    const first = resultsView(emptySearchState(tenant), pageOf(emptySearchState(tenant), 100), tenant, fixtureNow);
    expect(first.pager.previous).toBeNull();
    const last = withPage(emptySearchState(tenant), 5);
    expect(resultsView(last, pageOf(last, 100), tenant, fixtureNow).pager.next).toBeNull();
  });

  it("a page past the end offers the way back to the last page", () => {
    const state = withPage(emptySearchState(tenant), 40);
    const view = resultsView(state, pageOf(state, 100), tenant, fixtureNow);
    expect(view.pager.previous).toBe("/search/new-used-and-demo-cars?page=5");
    expect(view.pager.next).toBeNull();
  });

  it("marks exactly the current sort, the default when none is chosen, and sort links go back to page 1", () => {
    const plain = emptySearchState(tenant);
    const view = resultsView(plain, pageOf(plain, 50), tenant, fixtureNow);
    expect(view.sorts.filter((sort) => sort.current).map((sort) => sort.value)).toEqual([tenant.site.features.default_sort]);
    const sorted = withPage(withSort(plain, "price:asc", tenant), 2);
    const sortedView = resultsView(sorted, pageOf(sorted, 50), tenant, fixtureNow);
    expect(sortedView.sorts.filter((sort) => sort.current).map((sort) => sort.value)).toEqual(["price:asc"]);
    for (const sort of sortedView.sorts) expect(sort.href).not.toContain("page=");
    expect(sortedView.sorts.find((sort) => sort.value === "price:desc")?.href).toBe("/search/new-used-and-demo-cars?sortBy=price:desc");
  });

  it("offers clear-all only when something is filtered, and it keeps ?q= so the stored query does not return", () => {
    const plain = emptySearchState(tenant);
    expect(resultsView(plain, pageOf(plain, 50), tenant, fixtureNow).clearAllHref).toBeNull();
    const sorted = withSort(plain, "price:asc", tenant);
    expect(resultsView(sorted, pageOf(sorted, 50), tenant, fixtureNow).clearAllHref).toBeNull();
    const filtered = withRange(withRefinementToggled(plain, "make", "Toyota"), "price", { min: 1000 });
    expect(resultsView(filtered, pageOf(filtered, 50), tenant, fixtureNow).clearAllHref).toBe("/search/new-used-and-demo-cars?q=");
    const used = withRefinementToggled(plain, "car_type", "used");
    expect(resultsView(used, pageOf(used, 50), tenant, fixtureNow).clearAllHref).toBe("/search/new-used-and-demo-cars?q=");
  });

  it("writes the total with its noun", () => {
    const plain = emptySearchState(tenant);
    expect(resultsView(plain, pageOf(plain, 1), tenant, fixtureNow).totalText).toBe("1 car");
    expect(resultsView(plain, pageOf(plain, 2345), tenant, fixtureNow).totalText).toBe("2,345 cars");
  });
});
