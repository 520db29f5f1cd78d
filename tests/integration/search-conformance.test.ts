/**
 * The same queries against both backends, on the same fixtures, must give the same answers.
 * The Meilisearch backend talks to a local fake that speaks Meilisearch's REST shapes (no real
 * Meilisearch server can be installed here); the documents reach it through our own indexer.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEmbeddedBackend } from "~/server/search/embedded/backend";
import { createMeilisearchBackend } from "~/server/search/meilisearch/backend";
import { applyIndexSettings, indexDocuments, indexingClient } from "~/server/search/meilisearch/indexing";
import { searchIndexUid, stockFilter } from "~/server/search/queries";
import type { SearchBackend, SearchQuery, SearchResult } from "~/server/search/types";
import type { Vehicle } from "~/server/stock/vehicle";
import { startFakeMeilisearch, type FakeMeilisearch } from "../fixtures/fake-meilisearch";
import { makeTenant } from "../fixtures/tenant";
import { fixtureNow, fixtureVehicles } from "../fixtures/vehicles";

const keyEnv = "CONFORMANCE_SEARCH_KEY";
let fake: FakeMeilisearch;
let tenant: ReturnType<typeof makeTenant>;
let indexUid: string;
const embedded = createEmbeddedBackend(() => fixtureVehicles);
const meilisearch = createMeilisearchBackend();

beforeAll(async () => {
  fake = await startFakeMeilisearch();
  process.env[keyEnv] = fake.apiKey;
  tenant = makeTenant({ slug: "harbourside", search: { host: fake.url, key_env: keyEnv, index: null } });
  indexUid = searchIndexUid(tenant);
  const client = indexingClient({ host: fake.url, apiKey: fake.apiKey });
  await applyIndexSettings(client, indexUid, { pollIntervalMs: 5 });
  await indexDocuments(client, indexUid, fixtureVehicles, { batchSize: 15, pollIntervalMs: 5 });
});

afterAll(async () => {
  delete process.env[keyEnv];
  await fake.close();
});

const withoutTiming = (results: SearchResult[]) => results.map(({ processingTimeMs: _ignored, ...rest }) => rest);
const slugs = (hits: Vehicle[]) => hits.map((vehicle) => vehicle.slug);
const byRank = (a: Vehicle, b: Vehicle) => b.custom_rank - a.custom_rank || a.id - b.id;
const listed = fixtureVehicles.filter(
  (v) => v.show_on_dealer_website && (v.status !== "sold" || (v.sold_date_timestamp ?? 0) >= fixtureNow - 3 * 86_400_000),
);

async function both(queries: Array<Omit<SearchQuery, "indexUid">>): Promise<SearchResult[]> {
  const full = queries.map((query) => ({ indexUid, ...query }));
  const [fromEmbedded, fromMeilisearch] = await Promise.all([embedded.multiSearch(tenant, full), meilisearch.multiSearch(tenant, full)]);
  expect(withoutTiming(fromMeilisearch)).toEqual(withoutTiming(fromEmbedded));
  return fromEmbedded;
}

describe.each([
  ["embedded", () => embedded],
  ["meilisearch", () => meilisearch],
] as Array<[string, () => SearchBackend]>)("%s backend", (_name, backend) => {
  it("names itself and finds a vehicle by slug", async () => {
    expect(backend().name).toBe(_name);
    expect((await backend().getVehicle(tenant, "2022-ford-ranger-16"))?.badge).toBe("Wildtrak");
    expect(await backend().getVehicle(tenant, "no-such-car")).toBeNull();
  });
});

describe("both backends give the same answers", () => {
  it("applies the stock filter: sold outside the window and hidden vehicles are never returned", async () => {
    const [result] = await both([{ filter: stockFilter(tenant, fixtureNow), limit: 100 }]);
    expect(slugs(result.hits)).toEqual(slugs([...listed].sort(byRank)));
    expect(slugs(result.hits)).not.toContain("2020-toyota-corolla-sold-long-ago");
    expect(slugs(result.hits)).not.toContain("2022-toyota-rav4-hidden");
  });

  it("ANDs outer filters and ORs inner ones, with counts and stats over the filtered set", async () => {
    const [result] = await both([
      {
        filter: [...stockFilter(tenant, fixtureNow), ['make = "Toyota"', 'make = "Mazda"'], 'body = "suv"'],
        facets: ["make", "categories", "price", "year"],
        limit: 100,
      },
    ]);
    const expected = listed.filter((v) => (v.make === "Toyota" || v.make === "Mazda") && v.body === "suv");
    expect(result.estimatedTotalHits).toBe(expected.length);
    expect(result.facetDistribution?.make).toEqual({
      Mazda: expected.filter((v) => v.make === "Mazda").length,
      Toyota: expected.filter((v) => v.make === "Toyota").length,
    });
    const withFamily = expected.filter((v) => v.categories.includes("family")).length;
    expect(result.facetDistribution?.categories).toEqual({ "4x4": withFamily, family: withFamily });
    const prices = expected.map((v) => v.price).filter((p): p is number => p !== null);
    expect(result.facetStats?.price).toEqual({ min: Math.min(...prices), max: Math.max(...prices) });
  });

  it("filters ranges, with null never matching", async () => {
    const [result] = await both([{ filter: ["price 20000 TO 40000", "km < 50000", "year >= 2020"], sort: ["price:asc"], limit: 100 }]);
    const expected = fixtureVehicles
      .filter((v) => v.price !== null && v.price >= 20000 && v.price <= 40000 && v.km !== null && v.km < 50000 && v.year >= 2020)
      .sort((a, b) => (a.price ?? 0) - (b.price ?? 0) || byRank(a, b));
    expect(slugs(result.hits)).toEqual(slugs(expected));
  });

  it("answers a results page: main query plus one disjunctive count query per refined facet", async () => {
    const stock = stockFilter(tenant, fixtureNow);
    const makes = ['make = "Toyota"', 'make = "Ford"'];
    const bodies = ['body = "ute"', 'body = "suv"'];
    const results = await both([
      { filter: [...stock, makes, bodies], facets: ["make", "body", "car_type", "price", "km"], sort: ["price:desc"], limit: 3, offset: 3 },
      { filter: [...stock, bodies], facets: ["make"], limit: 1 },
      { filter: [...stock, makes], facets: ["body"], limit: 1 },
    ]);
    const inBodies = listed.filter((v) => v.body === "ute" || v.body === "suv");
    const makeCounts: Record<string, number> = {};
    for (const v of inBodies) makeCounts[v.make] = (makeCounts[v.make] ?? 0) + 1;
    expect(results[1].facetDistribution?.make).toEqual(makeCounts);
    expect(results[1].hits).toHaveLength(1);
    const main = listed.filter((v) => (v.make === "Toyota" || v.make === "Ford") && (v.body === "ute" || v.body === "suv"));
    const ordered = [...main].sort((a, b) => (b.price ?? -Infinity) - (a.price ?? -Infinity) || byRank(a, b));
    expect(slugs(results[0].hits)).toEqual(slugs(ordered.slice(3, 6)));
    expect(results[0]).toMatchObject({ estimatedTotalHits: main.length, limit: 3, offset: 3 });
  });

  it("sorts on several keys with nulls last, and pages", async () => {
    const pages = await both([
      { sort: ["year:desc", "km:asc"], limit: 10 },
      { sort: ["year:desc", "km:asc"], limit: 10, offset: 10 },
      { sort: ["price:asc"], limit: 5, offset: 35 },
    ]);
    expect(pages[2].hits.map((v) => v.price).slice(-2)).toEqual([null, null]);
    const all = await both([{ sort: ["year:desc", "km:asc"], limit: 20 }]);
    expect(slugs([...pages[0].hits, ...pages[1].hits])).toEqual(slugs(all[0].hits));
  });

  it("matches text by prefix and with one typo, all words required", async () => {
    const [prefix, typo, twoWords, none] = await both([{ q: "toyo" }, { q: "corola", limit: 50 }, { q: "land def" }, { q: "mzda" }]);
    expect(prefix.estimatedTotalHits).toBe(fixtureVehicles.filter((v) => v.make === "Toyota").length);
    expect(typo.hits.every((v) => v.model === "Corolla")).toBe(true);
    expect(slugs(twoWords.hits)).toEqual(["2022-land-rover-defender-28"]);
    expect(none.estimatedTotalHits).toBe(0);
  });

  it("echoes the query, limit and offset, and leaves facets out when none are asked for", async () => {
    const [result] = await both([{ q: "ranger", limit: 1, offset: 1 }]);
    expect(result).toMatchObject({ query: "ranger", limit: 1, offset: 1, estimatedTotalHits: 2 });
    expect(result).not.toHaveProperty("facetDistribution");
  });
});
