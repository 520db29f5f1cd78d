/**
 * One label per concept: stock holds 'hatch' and 'hatchback', 'wagon' and 'stationWagon'; shoppers
 * see one Body type entry each, with one count, and ticking it finds both spellings — on the
 * embedded engine and on Meilisearch (through a local fake speaking its REST shapes).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appliedFilters } from "~/server/search/applied-filters";
import { createEmbeddedBackend } from "~/server/search/embedded/backend";
import { facetValueViewLabel, facetViews, type ListFacetView } from "~/server/search/facets";
import { createMeilisearchBackend } from "~/server/search/meilisearch/backend";
import { applyIndexSettings, indexDocuments, indexingClient } from "~/server/search/meilisearch/indexing";
import { buildSearchQueries, searchIndexUid } from "~/server/search/queries";
import { readSearchResults } from "~/server/search/response";
import type { SearchBackend } from "~/server/search/types";
import { parseSearchUrl } from "~/server/search/url";
import { startFakeMeilisearch, type FakeMeilisearch } from "../fixtures/fake-meilisearch";
import { makeTenant } from "../fixtures/tenant";
import { fixtureNow, makeVehicle } from "../fixtures/vehicles";

const keyEnv = "BODY_SPELLINGS_SEARCH_KEY";
const bodies = ["hatch", "hatch", "hatchback", "hatchback", "hatchback", "wagon", "stationWagon", "stationWagon", "suv"];
const vehicles = bodies.map((body, index) =>
  makeVehicle({
    id: index + 1,
    slug: `car-${index + 1}`,
    body,
    simple_body: body,
    custom_rank: 10 - index,
    created_at_timestamp: fixtureNow,
  }),
);
let fake: FakeMeilisearch;
let tenant: ReturnType<typeof makeTenant>;

beforeAll(async () => {
  fake = await startFakeMeilisearch();
  process.env[keyEnv] = fake.apiKey;
  tenant = makeTenant({
    slug: "harbourside",
    search: { host: fake.url, key_env: keyEnv, index: "vehicles_body_spellings" },
    search_filters: ["simple_body"],
  });
  const client = indexingClient({ host: fake.url, apiKey: fake.apiKey });
  await applyIndexSettings(client, searchIndexUid(tenant), { pollIntervalMs: 5 });
  await indexDocuments(client, searchIndexUid(tenant), vehicles, { batchSize: 20, pollIntervalMs: 5 });
});

afterAll(async () => {
  delete process.env[keyEnv];
  await fake.close();
});

async function search(backend: SearchBackend, path: string) {
  const parsed = parseSearchUrl(new URL(path, "https://example.test"), tenant);
  if (!parsed.ok) throw new Error(path);
  const results = await backend.multiSearch(tenant, buildSearchQueries(parsed.state, tenant, fixtureNow));
  const page = readSearchResults(parsed.state, results);
  const facet = facetViews(parsed.state, page, tenant)[0] as ListFacetView;
  return { page, facet, chips: appliedFilters(parsed.state, tenant) };
}

describe.each([
  ["embedded", () => createEmbeddedBackend(() => vehicles)],
  ["meilisearch", () => createMeilisearchBackend()],
] as Array<[string, () => SearchBackend]>)("%s engine", (_name, backend) => {
  it("lists Hatch and Wagon once each, with the counts of both spellings", async () => {
    const { facet } = await search(backend(), "/search/new-used-and-demo-cars");
    expect(facet.values.map((value) => `${facetValueViewLabel(value)} ${value.count}`)).toEqual(["Hatch 5", "Wagon 3", "SUV 1"]);
  });

  it("one Hatch entry selects hatch and hatchback, whichever spelling the URL uses, and shows one chip", async () => {
    for (const path of [
      "/search/new-used-and-demo-cars?refinementList[simple_body][0]=hatchback",
      "/search/new-used-and-demo-cars?refinementList[simple_body][0]=hatch&refinementList[simple_body][1]=hatchback",
    ]) {
      const { page, facet, chips } = await search(backend(), path);
      expect(page.estimatedTotalHits).toBe(5);
      expect(new Set(page.hits.map((hit) => hit.body))).toEqual(new Set(["hatch", "hatchback"]));
      expect(
        facet.values.filter((value) => facet.refined.includes(value.value)).map((value) => `${facetValueViewLabel(value)} ${value.count}`),
      ).toEqual(["Hatch 5"]);
      expect(chips.map((chip) => chip.label)).toEqual(["Hatch"]);
    }
  });
});
