import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { knownMakes, canonicalMake } from "~/server/search/makes";
import { bodyTypes, claimPath, listingPath } from "~/server/search/paths";
import { sortOptions, defaultSort } from "~/server/search/sorts";
import { normalizeCarTypes, type Range, type Ranges, type Refinements, type SearchState } from "~/server/search/state";
import { emptySearchState } from "~/server/search/transitions";
import { parseSearchUrl, searchUrl } from "~/server/search/url";
import type { Tenant } from "~/server/tenants/load";
import { makeTenant } from "../fixtures/tenant";
import { canonicalValue } from "~/server/search/value-spellings";

const tenants: Tenant[] = [
  makeTenant(),
  makeTenant({ slug: "citydefault", features: { default_city_refinement: "Newcastle" } }),
  makeTenant({ slug: "usedonly", default_search_path: "used-cars", features: { default_sort: "price:asc", kms_sort_options: false } }),
  makeTenant({
    slug: "fourbyfour",
    template: "4x4",
    default_search_path: "/search/4x4",
    features: { default_sort: "created_at_timestamp:desc" },
  }),
  makeTenant({ slug: "bikes", template: "motorcycle", default_search_path: "motorcycles" }),
  makeTenant({ slug: "subscriptions", default_search_path: "subscription-cars" }),
];

// Model names with distinct slugs, handed to the parser as the known model list.
const models = ["HiLux", "Corolla", "CX-5", "LandCruiser 300", "C-Class", "i30"];

const text = fc.string({ unit: "grapheme", minLength: 1, maxLength: 30 }).filter((value) => value.trim() === value && value !== "");

const makeValue = fc.oneof(
  fc.constantFrom(...knownMakes.map((make) => make.name)),
  text.filter((value) => canonicalMake(value) === value),
);

const values = (value: fc.Arbitrary<string>, maxLength = 3) => fc.uniqueArray(value, { minLength: 1, maxLength });

const refinementsArbitrary: fc.Arbitrary<Refinements> = fc.record(
  {
    make: values(makeValue),
    model: values(fc.constantFrom(...models)),
    // A state holds one value per body concept (hatch, not hatchback): those are what round-trip.
    body: values(fc.constantFrom(...bodyTypes, "SUV", "Cab Chassis").filter((value) => canonicalValue("body", value) === value)),
    colour: values(text),
    city: values(text),
    seats: values(fc.integer({ min: 0, max: 60 }).map(String)),
    dealership_slug: values(fc.constantFrom("harbourside", "northside")),
    simple_body: values(text.filter((value) => canonicalValue("simple_body", value) === value)),
  },
  { requiredKeys: [] },
);

const rangeArbitrary: fc.Arbitrary<Range> = fc
  .tuple(
    fc.option(fc.integer({ min: 0, max: 2_000_000 }), { nil: undefined }),
    fc.option(fc.integer({ min: 0, max: 2_000_000 }), { nil: undefined }),
  )
  .filter(([min, max]) => min !== undefined || max !== undefined)
  .map(([a, b]) => {
    const [min, max] = a !== undefined && b !== undefined && a > b ? [b, a] : [a, b];
    return { ...(min === undefined ? {} : { min }), ...(max === undefined ? {} : { max }) };
  });

const rangesArbitrary: fc.Arbitrary<Ranges> = fc.record(
  { price: rangeArbitrary, subscription_price: rangeArbitrary, km: rangeArbitrary, year: rangeArbitrary },
  { requiredKeys: [] },
);

function stateArbitrary(tenant: Tenant): fc.Arbitrary<SearchState> {
  const sorts = sortOptions(tenant)
    .map((option) => option.value)
    .filter((value) => value !== defaultSort(tenant));
  return fc
    .record({
      carTypes: fc.subarray(["new", "used", "demo"] as const).map(normalizeCarTypes),
      preset: fc.constantFrom(null, "7-seater-cars" as const, "subscription-cars" as const, "trucks" as const, "rental-cars" as const),
      refinements: refinementsArbitrary,
      ranges: rangesArbitrary,
      sort: fc.constantFrom(null, ...sorts),
      page: fc.integer({ min: 1, max: 5000 }),
      q: fc.string({ unit: "grapheme", maxLength: 120 }).map((value) => value.trim()),
    })
    .map((fields) => {
      const inputs = { ...fields, listingPath: listingPath(tenant) };
      return { ...inputs, path: claimPath(inputs).path };
    });
}

function roundTrip(state: SearchState, tenant: Tenant): SearchState | null {
  const result = parseSearchUrl(new URL(searchUrl(state, tenant), "https://example.test"), tenant, { models });
  return result.ok ? result.state : null;
}

describe("searchUrl and parseSearchUrl round-trip", () => {
  it.each(tenants.map((tenant) => [tenant.slug, tenant] as const))("for any state on %s", (_slug, tenant) => {
    fc.assert(
      fc.property(stateArbitrary(tenant), (state) => {
        expect(roundTrip(state, tenant)).toEqual(state);
      }),
      { numRuns: 300 },
    );
  });

  it.each([
    "/search/new-used-and-demo-cars",
    "/search/used-cars?page=3",
    "/search/new-and-demo-cars?sortBy=price:desc",
    "/search/toyota",
    "/search/toyota/hilux?refinementList[car_type][0]=used",
    "/search/gwm-haval?range[price]=10000:",
    "/search/7-seater-cars?refinementList[make][0]=Kia",
    "/search/cabchassis?refinementList[car_type][0]=new&refinementList[car_type][1]=used",
    "/search/new-used-and-demo-cars?refinementList[colour][0]=Red%20%26%20Black&refinementList[make][0]=Proton&range[km]=:50000&q=sr5",
  ])("%s is written back unchanged", (path) => {
    const tenant = tenants[0];
    const result = parseSearchUrl(new URL(path, "https://example.test"), tenant, { models });
    if (!result.ok) throw new Error(`${path} did not parse`);
    expect(searchUrl(result.state, tenant)).toBe(path);
  });

  it("writes a lone surrogate from stock data as U+FFFD instead of throwing", () => {
    const tenant = tenants[0];
    const state = { ...emptySearchState(tenant), refinements: { colour: ["Red\uD800"] } };
    expect(searchUrl(state, tenant)).toBe("/search/new-used-and-demo-cars?refinementList[colour][0]=Red%EF%BF%BD");
  });
});
