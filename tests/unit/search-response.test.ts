import { describe, expect, it } from "vitest";
import { createEmbeddedBackend } from "~/server/search/embedded/backend";
import { buildSearchQueries } from "~/server/search/queries";
import { readSearchResults } from "~/server/search/response";
import type { SearchState } from "~/server/search/state";
import type { SearchResult } from "~/server/search/types";
import { parseSearchUrl } from "~/server/search/url";
import type { Vehicle } from "~/server/stock/vehicle";
import { makeTenant } from "../fixtures/tenant";
import { fixtureNow, makeVehicle } from "../fixtures/vehicles";

const tenant = makeTenant();

function parse(path: string): SearchState {
  const result = parseSearchUrl(new URL(path, "https://example.test"), tenant);
  if (!result.ok) throw new Error(path);
  return result.state;
}

function result(overrides: Partial<SearchResult>): SearchResult {
  return {
    indexUid: "vehicles_harbourside",
    hits: [],
    query: "",
    processingTimeMs: 3,
    limit: 21,
    offset: 0,
    estimatedTotalHits: 0,
    ...overrides,
  };
}

describe("readSearchResults", () => {
  it("replaces each refined facet's counts and stats with its own count query's", () => {
    const state = parse("/search/new-used-and-demo-cars?refinementList[make][0]=Mazda&range[price]=10000:");
    const main = result({
      hits: [makeVehicle({ id: 1, make: "Mazda" })],
      estimatedTotalHits: 43,
      processingTimeMs: 4,
      facetDistribution: { make: { Mazda: 43 }, colour: { Red: 20, White: 23 }, price: { "25000": 43 } },
      facetStats: { price: { min: 12000, max: 48000 }, km: { min: 0, max: 90000 } },
    });
    const makeCounts = result({ facetDistribution: { make: { Mazda: 43, Toyota: 60, Kia: 12 } }, facetStats: {} });
    const priceCounts = result({
      facetDistribution: { price: { "9000": 2, "25000": 43 } },
      facetStats: { price: { min: 9000, max: 48000 } },
    });
    const page = readSearchResults(state, [main, makeCounts, priceCounts]);
    expect(page).toEqual({
      hits: main.hits,
      estimatedTotalHits: 43,
      processingTimeMs: 4,
      facetDistribution: { make: { Mazda: 43, Toyota: 60, Kia: 12 }, colour: { Red: 20, White: 23 }, price: { "9000": 2, "25000": 43 } },
      facetStats: { price: { min: 9000, max: 48000 }, km: { min: 0, max: 90000 } },
      limit: 21,
      page: 1,
      pages: 3,
    });
  });

  it.each([
    [0, 0],
    [1, 1],
    [20, 1],
    [21, 1],
    [22, 2],
    [42, 2],
    [43, 3],
  ])("%i hits make %i pages of 21", (total, pages) => {
    expect(readSearchResults(parse("/search/used-cars"), [result({ estimatedTotalHits: total })]).pages).toBe(pages);
  });

  it("reports the state's page", () => {
    expect(readSearchResults(parse("/search/used-cars?page=4"), [result({ estimatedTotalHits: 100 })]).page).toBe(4);
  });

  it("answers an empty page for an empty response", () => {
    expect(readSearchResults(parse("/search/used-cars"), [])).toMatchObject({
      hits: [],
      estimatedTotalHits: 0,
      pages: 0,
      facetDistribution: {},
      facetStats: {},
    });
  });
});

describe("queries and results against the embedded engine", () => {
  const day = 86_400_000;
  const stock: Vehicle[] = [
    makeVehicle({ id: 1, make: "Mazda", colour: "Red", car_type: "used" }),
    makeVehicle({ id: 2, make: "Mazda", colour: "White", car_type: "used" }),
    makeVehicle({ id: 3, make: "Toyota", colour: "Red", car_type: "used" }),
    makeVehicle({ id: 4, make: "Isuzu Ute", colour: "White", car_type: "new", status: "coming_soon" }),
    makeVehicle({ id: 5, make: "Kia", car_type: "used", status: "sold", sold: true, sold_date_timestamp: fixtureNow - 3 * day }),
    makeVehicle({ id: 6, make: "Kia", car_type: "used", status: "sold", sold: true, sold_date_timestamp: fixtureNow - 3 * day - 1 }),
    makeVehicle({ id: 7, make: "Kia", car_type: "used", show_on_dealer_website: false }),
    makeVehicle({ id: 8, make: "Kia", car_type: "used", status: "sold", sold: true, sold_date_timestamp: null }),
    makeVehicle({ id: 9, make: "Kia", car_type: "used", seats: 7 }),
  ];
  const backend = createEmbeddedBackend(() => stock);

  async function search(path: string) {
    const state = parse(path);
    return readSearchResults(state, await backend.multiSearch(tenant, buildSearchQueries(state, tenant, fixtureNow)));
  }

  const ids = (hits: Vehicle[]) => hits.map((hit) => hit.id).sort((a, b) => a - b);

  it("lists in-stock and coming-soon cars, and cars sold no more than 3 days ago", async () => {
    expect(ids((await search("/search/new-used-and-demo-cars")).hits)).toEqual([1, 2, 3, 4, 5, 9]);
  });

  it("counts other makes while a make is refined, and matches make aliases", async () => {
    const page = await search("/search/mazda");
    expect(ids(page.hits)).toEqual([1, 2]);
    expect(page.facetDistribution.make).toEqual({ Mazda: 2, Toyota: 1, "Isuzu Ute": 1, Kia: 2 });
    expect(page.facetDistribution.colour).toEqual({ Red: 1, White: 1 });
    expect(ids((await search("/search/isuzu")).hits)).toEqual([4]);
  });

  it("applies the 7-seater preset", async () => {
    expect(ids((await search("/search/7-seater-cars")).hits)).toEqual([9]);
  });
});

describe("preset categories against the embedded engine, visited and as the site's default path", () => {
  const stock: Vehicle[] = [
    makeVehicle({ id: 1 }),
    makeVehicle({ id: 2, item_type: "truck", body: "cabChassis" }),
    makeVehicle({ id: 3, body: "lightTruck" }),
    makeVehicle({ id: 4, categories: ["Rental", "City"] }),
    makeVehicle({ id: 5, subscription_price: 149 }),
    makeVehicle({ id: 6, subscription_price: 0, categories: ["City"] }),
  ];
  const backend = createEmbeddedBackend(() => stock);

  async function hitIds(path: string, site = tenant): Promise<number[]> {
    const parsed = parseSearchUrl(new URL(path, "https://example.test"), site);
    if (!parsed.ok) throw new Error(path);
    const page = readSearchResults(parsed.state, await backend.multiSearch(site, buildSearchQueries(parsed.state, site, fixtureNow)));
    return page.hits.map((hit) => hit.id).sort((a, b) => a - b);
  }

  it.each([
    ["trucks", [2, 3]],
    ["rental-cars", [4]],
    ["subscription-cars", [5]],
  ])("/search/%s lists %j", async (preset, expected) => {
    expect(await hitIds(`/search/${preset}`)).toEqual(expected);
    expect(await hitIds(`/search/${preset}`, makeTenant({ slug: `default-${preset}`, default_search_path: preset }))).toEqual(expected);
  });
});
