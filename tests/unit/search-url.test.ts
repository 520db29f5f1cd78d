import { describe, expect, it } from "vitest";
import { isFormQuery } from "~/server/search/form-query";
import { parseSearchUrl, searchUrl, unknownSearchPathMessage, type SearchParseResult } from "~/server/search/url";
import type { SearchState } from "~/server/search/state";
import { makeTenant } from "../fixtures/tenant";

const tenant = makeTenant();
const origin = "https://harbourside.example";

function parse(pathAndQuery: string, t = tenant, models?: string[]): SearchState {
  const result = parseSearchUrl(new URL(pathAndQuery, origin), t, { models });
  if (!result.ok) throw new Error(`expected ${pathAndQuery} to parse`);
  return result.state;
}

function outcome(pathAndQuery: string, t = tenant): SearchParseResult {
  return parseSearchUrl(new URL(pathAndQuery, origin), t);
}

describe("search paths", () => {
  it("reads the fallback listing, with or without trailing slash", () => {
    for (const path of ["/search/new-used-and-demo-cars", "/search/new-used-and-demo-cars/"]) {
      const state = parse(path);
      expect(state).toMatchObject({
        path: "/search/new-used-and-demo-cars",
        carTypes: [],
        refinements: {},
        page: 1,
        sort: null,
        q: "",
        preset: null,
      });
    }
  });

  it.each([
    ["/search/used-cars", ["used"]],
    ["/search/demo-cars", ["demo"]],
    ["/search/new-cars", ["new"]],
    ["/search/new-and-demo-cars", ["new", "demo"]],
  ])("stock shortcut %s filters car types %j", (path, carTypes) => {
    const state = parse(path);
    expect(state.carTypes).toEqual(carTypes);
    expect(state.path).toBe(path);
  });

  it("a configured default without the /search/ prefix gets it", () => {
    const bikes = makeTenant({ template: "motorcycle", default_search_path: "motorcycles" });
    expect(parse("/search/motorcycles", bikes)).toMatchObject({ path: "/search/motorcycles", carTypes: [], preset: null });
    const trucks = makeTenant({ default_search_path: "trucks" });
    expect(parse("/search/trucks", trucks)).toMatchObject({ path: "/search/trucks", preset: "trucks" });
    const slashed = makeTenant({ default_search_path: "/search/rental-cars/" });
    expect(parse("/search/rental-cars/", slashed)).toMatchObject({ path: "/search/rental-cars", preset: "rental-cars" });
  });

  it.each(["subscription-cars", "trucks", "rental-cars", "7-seater-cars"] as const)(
    "the %s preset means the same as a default path and as a visited path; its listing is the fallback",
    (preset) => {
      const visited = parse(`/search/${preset}`);
      const asDefault = parse(`/search/${preset}`, makeTenant({ default_search_path: `/search/${preset}` }));
      expect(visited).toMatchObject({ preset, path: `/search/${preset}`, listingPath: "/search/new-used-and-demo-cars" });
      expect(asDefault).toEqual(visited);
    },
  );

  it("a default that is a stock shortcut keeps its car type and the listing falls back", () => {
    const used = makeTenant({ default_search_path: "/used-cars" });
    expect(parse("/search/used-cars", used)).toMatchObject({ carTypes: ["used"], listingPath: "/search/new-used-and-demo-cars" });
  });

  it("reads /search/{make} and /search/{make}/{model} for known makes", () => {
    expect(parse("/search/toyota").refinements).toEqual({ make: ["Toyota"] });
    expect(parse("/search/toyota/hilux", tenant, ["Corolla", "HiLux"]).refinements).toEqual({ make: ["Toyota"], model: ["HiLux"] });
    expect(parse("/search/toyota/hilux").refinements).toEqual({ make: ["Toyota"], model: ["hilux"] });
    expect(parse("/search/Mercedes-Benz/C-Class", tenant, ["C-Class"]).refinements).toEqual({
      make: ["Mercedes-Benz"],
      model: ["C-Class"],
    });
  });

  it("normalises make aliases in paths (spec 000 §9)", () => {
    expect(parse("/search/gwm-haval").refinements.make).toEqual(["GWM"]);
    expect(parse("/search/haval").refinements.make).toEqual(["GWM"]);
    expect(parse("/search/isuzu").refinements.make).toEqual(["Isuzu"]);
    expect(parse("/search/kgm").refinements.make).toEqual(["SsangYong"]);
  });

  it("reads the 7-seater preset", () => {
    expect(parse("/search/7-seater-cars")).toMatchObject({ preset: "7-seater-cars", path: "/search/7-seater-cars", refinements: {} });
  });

  it("reads the subscription cars preset", () => {
    expect(parse("/search/subscription-cars")).toMatchObject({
      preset: "subscription-cars",
      path: "/search/subscription-cars",
      refinements: {},
    });
  });

  it.each([
    ["/search/4x4", "4x4", "/search/4x4"],
    ["/search/cabchassis", "cabChassis", "/search/cabchassis"],
    ["/search/peoplemover", "peopleMover", "/search/peoplemover"],
    // Station wagon reads 'Wagon': one refinement (and path), which matches both stock values.
    ["/search/stationwagon", "wagon", "/search/wagon"],
    ["/search/suv", "suv", "/search/suv"],
  ])("body path %s refines body %s", (path, body, canonical) => {
    const state = parse(path);
    expect(state.refinements).toEqual({ body: [body] });
    expect(state.path).toBe(canonical);
  });

  it("/search/4x4 lists all stock on a site whose default path it is", () => {
    const site = makeTenant({ template: "4x4", default_search_path: "4x4" });
    expect(parse("/search/4x4", site)).toMatchObject({ refinements: {}, path: "/search/4x4" });
    expect(searchUrl({ ...parse("/search/4x4", site), refinements: { body: ["4x4"] } }, site)).toBe(
      "/search/4x4?refinementList[body][0]=4x4",
    );
  });

  it("accepts the motorcycles, rvs and campers listings", () => {
    for (const path of ["/search/motorcycles", "/search/rvs", "/search/campers"]) expect(parse(path).refinements).toEqual({});
  });

  it.each([
    "/search/unknown-thing",
    "/search/notamake/model",
    "/search/toyota/hilux/extra",
    "/cars/abc",
    "/search/toyota/%3Cscript%3E",
    "/search/%E0%A4%A",
  ])("%s is a 404", (path) => {
    expect(outcome(path)).toEqual({ ok: false, status: 404, message: unknownSearchPathMessage });
  });
});

describe("the page number (spec 000 §4)", () => {
  it.each([
    ["2", 2],
    ["17", 17],
    ["1", 1],
    ["0", 1],
    ["-1", 1],
    ["abc", 1],
    ["2.5", 1],
    ["1e9", 1],
    ["02", 1],
    [" 2", 1],
    ["", 1],
  ])("page=%j gives page %i", (value, page) => {
    expect(parse(`/search/used-cars?page=${encodeURIComponent(value)}`).page).toBe(page);
  });

  it("clamps huge pages to 5000", () => {
    expect(parse("/search/used-cars?page=5000").page).toBe(5000);
    expect(parse("/search/used-cars?page=5001").page).toBe(5000);
    expect(parse("/search/used-cars?page=99999999999999999999999").page).toBe(5000);
  });

  it("is written only when not 1", () => {
    const state = parse("/search/used-cars");
    expect(searchUrl(state, tenant)).toBe("/search/used-cars");
    expect(searchUrl({ ...state, page: 2 }, tenant)).toBe("/search/used-cars?page=2");
  });
});

describe("query string", () => {
  it("reads indexed, empty-indexed and repeated un-indexed refinements in order", () => {
    const state = parse(
      "/search/used-cars?refinementList[colour][1]=Red&refinementList[colour][0]=Blue&refinementList[fuel][]=Diesel&refinementList[fuel][]=Petrol&refinementList[city]=Newcastle&refinementList[city]=Maitland",
    );
    expect(state.refinements).toEqual({ colour: ["Blue", "Red"], fuel: ["Diesel", "Petrol"], city: ["Newcastle", "Maitland"] });
  });

  it("writes refinements indexed, in facet order", () => {
    const state = parse("/search/used-cars?refinementList[fuel][]=Diesel&refinementList[colour][]=Red&refinementList[colour][]=Blue");
    expect(searchUrl(state, tenant)).toBe(
      "/search/used-cars?refinementList[colour][0]=Red&refinementList[colour][1]=Blue&refinementList[fuel][0]=Diesel",
    );
  });

  it("reads the spec's dealership_slug example", () => {
    expect(parse("/search/new-used-and-demo-cars?refinementList[dealership_slug][0]=harbourside").refinements).toEqual({
      dealership_slug: ["harbourside"],
    });
  });

  it("reads ranges low:high with either side empty", () => {
    const state = parse("/search/used-cars?range[price]=10000:20000&range[km]=:50000&range[year]=2018:");
    expect(state.ranges).toEqual({ price: { min: 10000, max: 20000 }, km: { max: 50000 }, year: { min: 2018 } });
    expect(searchUrl(state, tenant)).toBe("/search/used-cars?range[price]=10000:20000&range[km]=:50000&range[year]=2018:");
  });

  it("swaps a range whose min is above its max", () => {
    expect(parse("/search/used-cars?range[price]=20000:10000").ranges).toEqual({ price: { min: 10000, max: 20000 } });
  });

  it.each([
    ["$10,000 - $20,000", { min: 10000, max: 20000 }],
    ["$100,000+", { min: 100000 }],
    ["Under $5,000", { max: 5000 }],
  ])("rewrites the price menu value %j to range[price]", (value, range) => {
    const state = parse(`/search/used-cars?menu[price_range]=${encodeURIComponent(value)}`);
    expect(state.ranges.price).toEqual(range);
    expect(state.refinements).toEqual({});
  });

  it("writes the price menu value as range[price]=min:max with $ and commas removed", () => {
    const state = parse(`/search/used-cars?menu[price_range]=${encodeURIComponent("$10,000 - $20,000")}`);
    expect(searchUrl(state, tenant)).toBe("/search/used-cars?range[price]=10000:20000");
  });

  it("turns other menu values into refinements", () => {
    expect(parse("/search/used-cars?menu[simple_body]=SUV").refinements).toEqual({ simple_body: ["SUV"] });
  });

  it("turns a single car type into the path, and others into refinementList[car_type]", () => {
    const used = parse("/search/new-used-and-demo-cars?refinementList[car_type][0]=used");
    expect(used.carTypes).toEqual(["used"]);
    expect(searchUrl(used, tenant)).toBe("/search/used-cars");
    const newAndUsed = parse("/search/used-cars?refinementList[car_type][0]=new");
    expect(newAndUsed.carTypes).toEqual(["new", "used"]);
    expect(searchUrl(newAndUsed, tenant)).toBe(
      "/search/new-used-and-demo-cars?refinementList[car_type][0]=new&refinementList[car_type][1]=used",
    );
    expect(searchUrl(parse("/search/demo-cars?refinementList[car_type][0]=new"), tenant)).toBe("/search/new-and-demo-cars");
  });

  it("all three car types mean no car type filter", () => {
    expect(parse("/search/used-cars?refinementList[car_type][0]=new&refinementList[car_type][1]=demo").carTypes).toEqual([]);
  });

  it("turns a single known make, and a single model, into the path", () => {
    const state = parse("/search/used-cars?refinementList[make][0]=Toyota&refinementList[model][0]=Corolla", tenant, ["Corolla"]);
    expect(searchUrl(state, tenant)).toBe("/search/toyota/corolla?refinementList[car_type][0]=used");
    const two = parse("/search/toyota?refinementList[make][0]=Mazda");
    expect(two.refinements.make).toEqual(["Toyota", "Mazda"]);
    expect(searchUrl(two, tenant)).toBe("/search/new-used-and-demo-cars?refinementList[make][0]=Toyota&refinementList[make][1]=Mazda");
  });

  it("keeps an unknown make in the query string", () => {
    const state = parse("/search/new-used-and-demo-cars?refinementList[make][0]=Proton");
    expect(searchUrl(state, tenant)).toBe("/search/new-used-and-demo-cars?refinementList[make][0]=Proton");
  });

  it("canonicalises make aliases in refinements", () => {
    const state = parse(`/search/new-used-and-demo-cars?refinementList[make][0]=${encodeURIComponent("Isuzu Ute")}`);
    expect(state.refinements.make).toEqual(["Isuzu"]);
    expect(searchUrl(state, tenant)).toBe("/search/isuzu");
  });

  it("reads sortBy only for the site's sort values and drops the default", () => {
    expect(parse("/search/used-cars?sortBy=price:desc").sort).toBe("price:desc");
    expect(parse("/search/used-cars?sortBy=custom_rank:desc").sort).toBeNull();
    expect(parse("/search/used-cars?sortBy=views:desc").sort).toBeNull();
    const noKms = makeTenant({ features: { kms_sort_options: false } });
    expect(parse("/search/used-cars?sortBy=km:asc", noKms).sort).toBeNull();
    expect(searchUrl({ ...parse("/search/used-cars"), sort: "price:desc" }, tenant)).toBe("/search/used-cars?sortBy=price:desc");
  });

  it("writes sortBy=custom_rank:desc on a site whose default is another sort", () => {
    const latest = makeTenant({ features: { default_sort: "created_at_timestamp:desc" } });
    const state = parse("/search/used-cars?sortBy=custom_rank:desc", latest);
    expect(state.sort).toBe("custom_rank:desc");
    expect(searchUrl(state, latest)).toBe("/search/used-cars?sortBy=custom_rank:desc");
    expect(parse("/search/used-cars?sortBy=created_at_timestamp:desc", latest).sort).toBeNull();
  });

  it("trims q and caps it at 200 characters", () => {
    expect(parse("/search/used-cars?q=%20%20hilux%20sr5%20%20").q).toBe("hilux sr5");
    expect(parse(`/search/used-cars?q=${"a".repeat(10_000)}`).q).toHaveLength(200);
    expect(parse(`/search/used-cars?q=${"a".repeat(199)}%20b`).q).toBe("a".repeat(199));
    expect(searchUrl({ ...parse("/search/used-cars"), q: "hi & lux" }, tenant)).toBe("/search/used-cars?q=hi%20%26%20lux");
  });
});

describe("default city refinement", () => {
  const cityTenant = makeTenant({ features: { default_city_refinement: "Newcastle" } });

  it("applies when the URL names no city", () => {
    expect(parse("/search/used-cars", cityTenant).refinements).toEqual({ city: ["Newcastle"] });
    expect(parse("/search/used-cars?refinementList[city][0]=Maitland", cityTenant).refinements).toEqual({ city: ["Maitland"] });
  });

  it("is not applied to other sites", () => {
    expect(parse("/search/used-cars").refinements).toEqual({});
  });

  it("an emptied city refinement stays empty", () => {
    const none = { ...parse("/search/used-cars", cityTenant), refinements: {} };
    const url = searchUrl(none, cityTenant);
    expect(url).toBe("/search/used-cars?refinementList[city][0]=");
    expect(parse(url, cityTenant).refinements).toEqual({});
    // The no-JS form's fold would redirect an unindexed key to this URL again and again.
    expect(isFormQuery(new URL(url, "https://example.test").searchParams)).toBe(false);
  });
});

describe("hostile input never throws", () => {
  const hostile = [
    "/search/used-cars?refinementList[__proto__][0]=x&refinementList[constructor][0]=y",
    "/search/used-cars?refinementList[make][0][nested]=x&refinementList[make]][0]=y",
    "/search/used-cars?refinementList[nonsense][0]=x",
    "/search/used-cars?range[price]=abc:&range[km]=1:2:3&range[year]=:&range[colour]=1:2",
    "/search/used-cars?page=2&page=3&q=a&q=b&sortBy=nope&sortBy=price:asc",
    `/search/used-cars?${Array.from({ length: 500 }, (_, i) => `refinementList[colour][${i}]=c${i}`).join("&")}`,
    `/search/used-cars?q=${"x".repeat(10_000)}`,
    "/search/used-cars?refinementList[seats][0]=seven&refinementList[year][0]=2020",
    "/search/used-cars?refinementList[make][0]=&refinementList[make][1]=%20%20",
    "/search/used-cars?%E0%A4%A=1&page=%FF",
    "/search/used-cars?range[price]=1e400:&range[km]=99999999999999999999:",
    "/search/used-cars?menu[price_range]=free&menu[car_type]=hover",
  ];

  it.each(hostile)("%s", (path) => {
    const result = outcome(path);
    expect(result.ok).toBe(true);
  });

  it("ignores unknown and nested facet names", () => {
    expect(parse(hostile[0]).refinements).toEqual({});
    expect(parse(hostile[1]).refinements).toEqual({});
    expect(parse(hostile[2]).refinements).toEqual({});
  });

  it("ignores unreadable ranges", () => {
    expect(parse(hostile[3]).ranges).toEqual({});
    expect(parse(hostile[10]).ranges).toEqual({});
  });

  it("takes the first of repeated keys", () => {
    expect(parse(hostile[4])).toMatchObject({ page: 2, q: "a", sort: "price:asc" });
  });

  it("caps a facet at 50 values and all refinements at 200", () => {
    expect(parse(hostile[5]).refinements.colour).toHaveLength(50);
    const many = ["colour", "fuel", "body", "badge", "tag"].flatMap((attribute) =>
      Array.from({ length: 50 }, (_, i) => `refinementList[${attribute}][${i}]=v${i}`),
    );
    const refinements = parse(`/search/used-cars?${many.join("&")}`).refinements;
    expect(Object.values(refinements).flat()).toHaveLength(200);
    expect(Object.values(refinements).every((values) => values.length <= 50)).toBe(true);
  });

  it("keeps only numbers on numeric facets and drops empty values", () => {
    expect(parse(hostile[7]).refinements).toEqual({ year: ["2020"] });
    expect(parse(hostile[8]).refinements).toEqual({});
  });
});
