import { describe, expect, it } from "vitest";
import { directSearchHitsPerPage, directSearchLimit } from "~/server/search/direct-search";
import { buildSearchQueries, disjunctiveFacetKeys, searchFilter, searchIndexUid, stockFilter } from "~/server/search/queries";
import { requestedFacets, type SearchState } from "~/server/search/state";
import { emptySearchState, withRange, withRefinementToggled } from "~/server/search/transitions";
import { parseSearchUrl } from "~/server/search/url";
import { makeTenant } from "../fixtures/tenant";

const tenant = makeTenant();
const now = 1_700_000_000_000;

function parse(path: string, t = tenant): SearchState {
  const result = parseSearchUrl(new URL(path, "https://example.test"), t);
  if (!result.ok) throw new Error(path);
  return result.state;
}

const stock = (soldSince: number) => [
  ['status = "in_stock"', 'status = "coming_soon"', `sold_date_timestamp >= ${soldSince}`],
  "show_on_dealer_website = true",
];

describe("stock filter (spec 000 §4)", () => {
  it("keeps sold cars 3 days = 259200000 ms by default", () => {
    expect(stockFilter(tenant, now)).toEqual(stock(now - 259_200_000));
  });

  it("uses include_sold_cars_days", () => {
    expect(stockFilter(makeTenant({ include_sold_cars_days: 7 }), now)).toEqual(stock(now - 7 * 86_400_000));
    expect(stockFilter(makeTenant({ include_sold_cars_days: 0 }), now)).toEqual(stock(now));
  });

  it("is in every query", () => {
    const state = parse("/search/used-cars?refinementList[make][0]=Mazda&refinementList[make][1]=Kia&range[price]=1000:");
    for (const query of buildSearchQueries(state, tenant, now)) expect(query.filter?.slice(0, 2)).toEqual(stock(now - 259_200_000));
  });
});

describe("buildSearchQueries", () => {
  it("builds the main query for page 1", () => {
    const [main, ...rest] = buildSearchQueries(emptySearchState(tenant), tenant, now);
    expect(rest).toEqual([]);
    expect(main).toEqual({
      indexUid: "vehicles_harbourside",
      q: "",
      filter: stock(now - 259_200_000),
      facets: [...requestedFacets],
      sort: ["sale_order:asc", "custom_rank:desc"],
      limit: 21,
      offset: 0,
      attributesToHighlight: [],
      highlightPreTag: "<mark>",
      highlightPostTag: "</mark>",
    });
  });

  it("asks for every facet of spec 000 §3", () => {
    const [main] = buildSearchQueries(emptySearchState(tenant), tenant, now);
    for (const facet of [
      "status",
      "badge",
      "car_type",
      "categories",
      "city",
      "colour",
      "dealership_name",
      "filtered_features",
      "item_type",
      "km",
      "location_name",
      "make",
      "make_model",
      "model",
      "price",
      "price_range",
      "subscription_price",
      "seats",
      "body",
      "drive",
      "fuel",
      "transmission",
      "state",
      "tag",
      "weekly_price_range",
      "year",
    ]) {
      expect(main.facets).toContain(facet);
    }
  });

  it("maps page n to offset (n-1)*21", () => {
    expect(buildSearchQueries(parse("/search/used-cars?page=2"), tenant, now)[0].offset).toBe(21);
    expect(buildSearchQueries(parse("/search/used-cars?page=10"), tenant, now)[0].offset).toBe(189);
  });

  it("uses the configured index and the state's or the site's sort", () => {
    const named = makeTenant({ search: { index: "harbourside_live" } });
    expect(searchIndexUid(named)).toBe("harbourside_live");
    const latest = makeTenant({ features: { default_sort: "created_at_timestamp:desc" } });
    expect(buildSearchQueries(parse("/search/used-cars", latest), latest, now)[0].sort).toEqual([
      "sale_order:asc",
      "created_at_timestamp:desc",
    ]);
    expect(buildSearchQueries(parse("/search/used-cars?sortBy=price:asc"), tenant, now)[0].sort).toEqual([
      "sale_order:asc",
      "price_order:asc",
      "price:asc",
    ]);
  });

  it("ORs a facet's values, ANDs facets, and writes range bounds as separate entries", () => {
    const state = parse(
      "/search/used-cars?refinementList[colour][0]=Red&refinementList[colour][1]=Blue&range[price]=10000:20000&range[km]=:50000&q=sr5",
    );
    const [main] = buildSearchQueries(state, tenant, now);
    expect(main.q).toBe("sr5");
    expect(main.filter?.slice(2)).toEqual([
      ['car_type = "used"'],
      ['colour = "Red"', 'colour = "Blue"'],
      "price >= 10000",
      "price <= 20000",
      "km <= 50000",
    ]);
  });

  it("quotes and escapes values and writes numbers bare", () => {
    const state = withRefinementToggled(withRefinementToggled(emptySearchState(tenant), "badge", 'SR5 "Hi" \\ Rider'), "seats", "7");
    expect(searchFilter(state, tenant, now).slice(2)).toEqual([['badge = "SR5 \\"Hi\\" \\\\ Rider"'], ["seats = 7"]]);
  });

  it("matches every spelling of an aliased make", () => {
    expect(searchFilter(parse("/search/isuzu"), tenant, now).slice(2)).toEqual([['make = "Isuzu"', 'make = "Isuzu Ute"']]);
    expect(searchFilter(parse("/search/gwm-haval"), tenant, now).slice(2)).toEqual([
      ['make = "GWM"', 'make = "Haval"', 'make = "GWM Haval"', 'make = "Great Wall"'],
    ]);
  });

  it("applies the 7-seater preset's seats=7", () => {
    expect(searchFilter(parse("/search/7-seater-cars"), tenant, now).slice(2)).toEqual(["seats = 7"]);
  });

  it("limits the subscription cars preset to a subscription price above 0", () => {
    expect(searchFilter(parse("/search/subscription-cars"), tenant, now).slice(2)).toEqual(["subscription_price > 0"]);
  });

  it("limits trucks to trucks (item type truck or a light truck body) and rental cars to the Rental category", () => {
    expect(searchFilter(parse("/search/trucks"), tenant, now).slice(2)).toEqual([['item_type = "truck"', 'body = "lightTruck"']]);
    expect(searchFilter(parse("/search/rental-cars"), tenant, now).slice(2)).toEqual(['categories = "Rental"']);
  });

  it.each(["subscription-cars", "trucks", "rental-cars"])("filters /search/%s the same when it is the site's default path", (preset) => {
    const site = makeTenant({ default_search_path: preset });
    const filter = searchFilter(parse(`/search/${preset}`, site), site, now);
    expect(filter.length).toBeGreaterThan(2);
    expect(filter).toEqual(searchFilter(parse(`/search/${preset}`), tenant, now));
  });

  it("adds one limit-1 count query per refined facet, each without its own filter", () => {
    const state = parse(
      "/search/used-cars?refinementList[make][0]=Mazda&refinementList[make][1]=Kia&refinementList[colour][0]=Red&range[price]=1000:",
    );
    const queries = buildSearchQueries(state, tenant, now);
    expect(disjunctiveFacetKeys(state)).toEqual(["car_type", "colour", "make", "price"]);
    expect(queries).toHaveLength(1 + 4);
    const [, carType, colour, make, price] = queries;
    for (const query of [carType, colour, make, price])
      expect(query).toMatchObject({ limit: 1, offset: 0, indexUid: "vehicles_harbourside" });
    expect(carType.facets).toEqual(["car_type"]);
    expect(carType.filter?.slice(2)).toEqual([['colour = "Red"'], ['make = "Mazda"', 'make = "Kia"'], "price >= 1000"]);
    expect(make.facets).toEqual(["make"]);
    expect(make.filter?.slice(2)).toEqual([['car_type = "used"'], ['colour = "Red"'], "price >= 1000"]);
    expect(price.facets).toEqual(["price"]);
    expect(price.filter?.slice(2)).toEqual([['car_type = "used"'], ['colour = "Red"'], ['make = "Mazda"', 'make = "Kia"']]);
    expect(colour.filter?.slice(2)).toEqual([['car_type = "used"'], ['make = "Mazda"', 'make = "Kia"'], "price >= 1000"]);
  });

  it("counts a facet refined both as a list and a range once, leaving out both", () => {
    const state = withRange(withRefinementToggled(emptySearchState(tenant), "year", "2020"), "year", { min: 2018 });
    const queries = buildSearchQueries(state, tenant, now);
    expect(queries).toHaveLength(2);
    expect(queries[1].filter).toEqual(stock(now - 259_200_000));
  });
});

describe("the direct search call (spec 000 §9: 100 per page; the results page keeps 21)", () => {
  it("asks 100 hits per page from offset (page - 1) × 100", () => {
    const [main] = buildSearchQueries(parse("/search/used-cars?page=3"), tenant, now, directSearchHitsPerPage);
    expect(main).toMatchObject({ limit: 100, offset: 200 });
    const [page] = buildSearchQueries(parse("/search/used-cars?page=3"), tenant, now);
    expect(page).toMatchObject({ limit: 21, offset: 42 });
  });

  it.each([
    [null, 100],
    ["1", 1],
    ["42", 42],
    ["100", 100],
    ["101", 100],
    ["0", 100],
    ["-5", 100],
    ["abc", 100],
    ["1e2", 100],
    ["", 100],
  ])("limit=%s asks for %i", (raw, expected) => {
    const params = new URLSearchParams(raw === null ? "" : `limit=${raw}`);
    expect(directSearchLimit(params)).toBe(expected);
  });
});
