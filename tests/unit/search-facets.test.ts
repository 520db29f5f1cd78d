import { describe, expect, it } from "vitest";
import {
  assertMenuConfig,
  assertRangeConfig,
  facetValueViewLabel,
  facetViews,
  menuLimit,
  menuShowMoreLimit,
  shownFacets,
  sortedFacetCounts,
  type ListFacetView,
  type RangeFacetView,
} from "~/server/search/facets";
import type { SearchPage } from "~/server/search/response";
import type { SearchState } from "~/server/search/state";
import { bodyTiles, facetTiles, makeTiles, otherFacetTileGroups, type TileSource } from "~/server/search/tiles";
import { parseSearchUrl } from "~/server/search/url";
import { makeTenant } from "../fixtures/tenant";

const tenant = makeTenant();

function parse(path: string, t = tenant): SearchState {
  const result = parseSearchUrl(new URL(path, "https://example.test"), t);
  if (!result.ok) throw new Error(path);
  return result.state;
}

function page(overrides: Partial<SearchPage>): SearchPage {
  return {
    hits: [],
    estimatedTotalHits: 0,
    processingTimeMs: 1,
    facetDistribution: {},
    facetStats: {},
    limit: 21,
    page: 1,
    pages: 0,
    ...overrides,
  };
}

describe("component rules (spec 000 §5)", () => {
  it("menu limits are 10 and 20", () => {
    expect([menuLimit, menuShowMoreLimit]).toEqual([10, 20]);
  });

  it("a menu needs an attribute and a show-more limit above its limit", () => {
    expect(() => assertMenuConfig({ attribute: "make", limit: 10, showMoreLimit: 20 })).not.toThrow();
    expect(() => assertMenuConfig({ attribute: "make", limit: 10, showMoreLimit: 11 })).not.toThrow();
    expect(() => assertMenuConfig({ attribute: "make", limit: 10, showMoreLimit: 10 })).toThrow(
      "The `showMoreLimit` option must be greater than `limit`.",
    );
    expect(() => assertMenuConfig({ attribute: "make", limit: 10, showMoreLimit: 9 })).toThrow(
      "The `showMoreLimit` option must be greater than `limit`.",
    );
    expect(() => assertMenuConfig({ attribute: "", limit: 10, showMoreLimit: 20 })).toThrow("The `attribute` option is required.");
  });

  it("a range needs an attribute and max not below min", () => {
    expect(() => assertRangeConfig({ attribute: "price", min: 5000, max: 5000 })).not.toThrow();
    expect(() => assertRangeConfig({ attribute: "price", min: 5000, max: 4999 })).toThrow("The `max` option can't be lower than `min`.");
    expect(() => assertRangeConfig({ attribute: "price", min: null, max: 1 })).not.toThrow();
    expect(() => assertRangeConfig({ attribute: "", min: null, max: null })).toThrow("The `attribute` option is required.");
  });
});

describe("facet values", () => {
  it("sort by count, then name, merging make spellings", () => {
    expect(sortedFacetCounts("make", { Kia: 3, Mazda: 5, "Isuzu Ute": 2, Isuzu: 2, Audi: 3 })).toEqual([
      { value: "Mazda", count: 5 },
      { value: "Isuzu", count: 4 },
      { value: "Audi", count: 3 },
      { value: "Kia", count: 3 },
    ]);
  });

  it("show up to 20 values plus refined ones, each with a toggle link", () => {
    const distribution = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`Colour ${String(i).padStart(2, "0")}`, 100 - i]));
    const state = parse("/search/used-cars?refinementList[colour][0]=Colour%2025&refinementList[colour][1]=Violet");
    const views = facetViews(state, page({ facetDistribution: { colour: distribution } }), makeTenant({ search_filters: ["colour"] }));
    const colour = views[0] as ListFacetView;
    expect(colour).toMatchObject({ kind: "list", label: "Colour", limit: 10, refined: ["Colour 25", "Violet"] });
    expect(colour.values).toHaveLength(22);
    expect(colour.values[0]).toEqual({ value: "Colour 00", count: 100 });
    expect(colour.values.slice(20)).toEqual([
      { value: "Colour 25", count: 75 },
      { value: "Violet", count: 0 },
    ]);
  });

  it("car type values say which is chosen", () => {
    const views = facetViews(parse("/search/used-cars"), page({ facetDistribution: { car_type: { used: 5, new: 3 } } }), tenant);
    const carType = views.find((view) => view.attribute === "car_type") as ListFacetView;
    expect(carType.values.map((value) => ({ label: facetValueViewLabel(value), refined: carType.refined.includes(value.value) }))).toEqual([
      { label: "Used", refined: true },
      { label: "New", refined: false },
    ]);
  });

  it("range facets take their bounds from the facet stats", () => {
    const state = parse("/search/used-cars?range[price]=10000:");
    const views = facetViews(state, page({ facetStats: { price: { min: 4990, max: 119990 } } }), tenant);
    const price = views.find((view) => view.attribute === "price") as RangeFacetView;
    expect(price).toEqual({
      kind: "range",
      attribute: "price",
      label: "Price",
      current: { min: 10000 },
      clearHref: "/search/used-cars?q=",
      minText: "$4,990",
      maxText: "$119,990",
    });
    const km = views.find((view) => view.attribute === "km") as RangeFacetView;
    expect(km).toMatchObject({ label: "Kms", clearHref: null, minText: "", maxText: "" });
  });

  it("labels follow the site's units and spelling", () => {
    const us = makeTenant({ distance_unit: "mi", locale: "en-US", currency: "USD", search_filters: ["km", "colour", "nonsense"] });
    expect(shownFacets(us)).toEqual(["km", "colour"]);
    expect(facetViews(parse("/search/used-cars", us), page({}), us).map((view) => view.label)).toEqual(["Miles", "Color"]);
  });
});

/** Tile counts read from the site's listing, as the landing reads them. */
function counted(distribution: Record<string, number>, t = tenant): TileSource {
  return { distribution, from: parse("/search/new-used-and-demo-cars", t) };
}

describe("landing tiles", () => {
  it("make tiles link to /search/{make} with the logo, others to the menu refinement", () => {
    expect(makeTiles(counted({ Toyota: 12, "Isuzu Ute": 4, Proton: 1 }), tenant)).toEqual([
      { label: "Toyota", count: 12, href: "/search/toyota", image: "/images/makes/toyota.svg" },
      { label: "Isuzu", count: 4, href: "/search/isuzu", image: "/images/makes/isuzu.svg" },
      { label: "Proton", count: 1, href: "/search/new-used-and-demo-cars?refinementList[make][0]=Proton", image: null },
    ]);
  });

  it("body tiles link to /search/{slug of the lowercased value}", () => {
    expect(bodyTiles(counted({ cabChassis: 3, SUV: 9, peopleMover: 2, Roadster: 1 }), tenant)).toEqual([
      { label: "SUV", count: 9, href: "/search/suv", image: "/images/body-types/suv.svg" },
      { label: "Cab Chassis", count: 3, href: "/search/cabchassis", image: "/images/body-types/cabChassis.svg" },
      { label: "People Mover", count: 2, href: "/search/peoplemover", image: "/images/body-types/peopleMover.svg" },
      { label: "Roadster", count: 1, href: "/search/new-used-and-demo-cars?refinementList[body][0]=Roadster", image: null },
    ]);
  });

  it("tiles that read the same merge: Hatch (hatch, hatchback) and Wagon (wagon, station wagon)", () => {
    expect(bodyTiles(counted({ hatch: 5, hatchback: 3, wagon: 1, stationWagon: 2, suv: 4 }), tenant)).toEqual([
      {
        label: "Hatch",
        count: 8,
        // One refinement (hatch) that matches both stock values, so the body's own path.
        href: "/search/hatch",
        image: "/images/body-types/hatch.svg",
      },
      { label: "SUV", count: 4, href: "/search/suv", image: "/images/body-types/suv.svg" },
      {
        label: "Wagon",
        count: 3,
        href: "/search/wagon",
        image: "/images/body-types/wagon.svg",
      },
    ]);
    const labels = facetTiles("simple_body", counted({ Hatch: 2, hatchback: 1 }, tenant), tenant);
    expect(labels).toHaveLength(1);
    expect(labels[0]).toMatchObject({ label: "Hatch", count: 3 });
  });

  it("a camper site's body chips and tiles say 'Camper Trailer', never 'camperTrailer'", () => {
    const campers = makeTenant({ slug: "coastal-campers", template: "camper", search_filters: ["simple_body"] });
    const views = facetViews(
      parse("/search/new-used-and-demo-cars", campers),
      page({ facetDistribution: { simple_body: { caravan: 9, camperTrailer: 4, motorhome: 2 } } }),
      campers,
    );
    const body = views[0] as ListFacetView;
    expect(body.values.map((value) => [value.value, facetValueViewLabel(value)])).toEqual([
      ["caravan", "Caravan"],
      ["camperTrailer", "Camper Trailer"],
      ["motorhome", "Motorhome"],
    ]);
    expect(facetTiles("simple_body", counted({ camperTrailer: 4 }, campers), campers).map((tile) => tile.label)).toEqual([
      "Camper Trailer",
    ]);
  });

  it("other facets link to a search URL with the menu refinement", () => {
    expect(facetTiles("simple_body", counted({ SUV: 4, Ute: 2 }, tenant), tenant)).toEqual([
      { label: "SUV", count: 4, href: "/search/new-used-and-demo-cars?refinementList[simple_body][0]=SUV", image: null },
      { label: "Ute", count: 2, href: "/search/new-used-and-demo-cars?refinementList[simple_body][0]=Ute", image: null },
    ]);
  });
});

describe("landing tiles on a site with a default city (spec 000 §2)", () => {
  const cityTenant = makeTenant({ slug: "city-tiles", features: { default_city_refinement: "Arncliffe" } });
  const listing = parse("/search/new-used-and-demo-cars", cityTenant);

  it("link to the search they were counted in: the default city stays refined", () => {
    expect(makeTiles({ distribution: { Toyota: 685 }, from: listing }, cityTenant)).toEqual([
      { label: "Toyota", count: 685, href: "/search/toyota?refinementList[city][0]=Arncliffe", image: "/images/makes/toyota.svg" },
    ]);
    expect(bodyTiles({ distribution: { suv: 9 }, from: listing }, cityTenant)[0]?.href).toBe(
      "/search/suv?refinementList[city][0]=Arncliffe",
    );
    expect(facetTiles("simple_fuel", { distribution: { Diesel: 4 }, from: listing }, cityTenant)[0]?.href).toBe(
      "/search/new-used-and-demo-cars?refinementList[city][0]=Arncliffe&refinementList[simple_fuel][0]=Diesel",
    );
  });

  it("a city tile replaces the default city, as its count (the city facet's own query) does", () => {
    expect(
      facetTiles("city", { distribution: { Arncliffe: 685, Sydney: 136 }, from: listing }, cityTenant).map((tile) => tile.href),
    ).toEqual([
      "/search/new-used-and-demo-cars?refinementList[city][0]=Arncliffe",
      "/search/new-used-and-demo-cars?refinementList[city][0]=Sydney",
    ]);
  });
});

describe("other facets' tile groups", () => {
  const configured = makeTenant({
    search_filters: ["car_type", "make", "model", "price", "body", "simple_body", "fuel", "seats", "colour", "location_name", "km"],
  });
  const from = parse("/search/new-used-and-demo-cars", configured);

  it("follow the site's search_filters, leaving out make, model and body (tiles of their own), ranges and car types", () => {
    const groups = otherFacetTileGroups(
      {
        fuel: { Petrol: 5, Diesel: 7 },
        seats: { "5": 9, "7": 2 },
        colour: {},
        location_name: { "Harbourside - Sales": 3 },
        make: { Toyota: 1 },
      },
      from,
      configured,
    );
    expect(groups.map((group) => [group.attribute, group.title])).toEqual([
      ["fuel", "Shop by fuel"],
      ["seats", "Shop by seats"],
      ["location_name", "Shop by location"],
    ]);
    expect(groups[1]?.tiles.map((tile) => tile.label)).toEqual(["5 seats", "7 seats"]);
    expect(groups[0]?.tiles).toEqual([
      { label: "Diesel", count: 7, href: "/search/new-used-and-demo-cars?refinementList[fuel][0]=Diesel", image: null },
      { label: "Petrol", count: 5, href: "/search/new-used-and-demo-cars?refinementList[fuel][0]=Petrol", image: null },
    ]);
  });

  it("show up to the menu limit of 10 tiles a facet, the most common first", () => {
    const colours = Object.fromEntries(Array.from({ length: 14 }, (_, index) => [`Colour ${index + 1}`, index + 1]));
    const [group] = otherFacetTileGroups({ colour: colours }, from, configured);
    expect(group?.tiles).toHaveLength(10);
    expect(group?.tiles[0]).toMatchObject({ label: "Colour 14", count: 14 });
  });

  it("the default facets give simple_fuel, simple_transmission… tiles, in the site's spelling", () => {
    const us = makeTenant({ locale: "en-US", search_filters: ["colour"] });
    expect(otherFacetTileGroups({ colour: { Red: 1 } }, parse("/search/new-used-and-demo-cars", us), us)[0]?.title).toBe("Shop by color");
    const defaults = otherFacetTileGroups({ simple_fuel: { Petrol: 1 }, simple_transmission: { Automatic: 2 } }, from, makeTenant());
    expect(defaults.map((group) => group.attribute)).toEqual(["simple_fuel", "simple_transmission"]);
  });
});
