import { createServer } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { InvalidSearchQueryError } from "~/server/search/embedded/invalid-query";
import { createMeilisearchBackend } from "~/server/search/meilisearch/backend";
import { meilisearchConnectionFor } from "~/server/search/meilisearch/connection";
import { applyIndexSettings, indexDocuments, indexingClient } from "~/server/search/meilisearch/indexing";
import { SearchUnavailableError } from "~/server/search/types";
import { startFakeMeilisearch, type FakeMeilisearch } from "../fixtures/fake-meilisearch";
import { makeTenant } from "../fixtures/tenant";
import { fixtureVehicles } from "../fixtures/vehicles";

const indexUid = "vehicles_test";
let fake: FakeMeilisearch;
const tenant = () => makeTenant({ slug: "harbourside", search: { host: fake.url, key_env: "MEILI_TEST_KEY", index: indexUid } });
const backend = createMeilisearchBackend({ timeoutMs: 300 });

beforeAll(async () => {
  fake = await startFakeMeilisearch("secret-key");
  process.env.MEILI_TEST_KEY = fake.apiKey;
  const client = indexingClient({ host: fake.url, apiKey: fake.apiKey });
  await applyIndexSettings(client, indexUid, { pollIntervalMs: 5 });
  await indexDocuments(client, indexUid, fixtureVehicles, { pollIntervalMs: 5 });
  fake.requests.length = 0;
});

afterEach(() => {
  fake.setMode("normal");
  fake.requests.length = 0;
});

afterAll(async () => {
  delete process.env.MEILI_TEST_KEY;
  await fake.close();
});

describe("Meilisearch backend requests", () => {
  it("posts the queries unchanged to /multi-search with the tenant's bearer key", async () => {
    const queries = [
      {
        indexUid,
        q: "ford",
        filter: [["make = Ford", "make = Kia"], "price >= 1"],
        facets: ["make"],
        sort: ["price:asc"],
        limit: 2,
        offset: 1,
        attributesToHighlight: [],
        highlightPreTag: "<mark>",
        highlightPostTag: "</mark>",
      },
    ];
    const [result] = await backend.multiSearch(tenant(), queries);
    expect(fake.requests).toEqual([{ method: "POST", path: "/multi-search", authorization: "Bearer secret-key", body: { queries } }]);
    expect(result).toMatchObject({ indexUid, query: "ford", limit: 2, offset: 1 });
    expect(result.hits.every((v) => v.make === "Ford")).toBe(true);
  });

  it("finds a vehicle through a slug filter with limit 1, and never sends a malformed slug", async () => {
    const found = await backend.getVehicle(tenant(), "2022-ford-ranger-16");
    expect(found?.model).toBe("Ranger");
    expect(fake.requests[0]?.body).toEqual({ queries: [{ indexUid, filter: ['slug = "2022-ford-ranger-16"'], limit: 1 }] });
    expect(await backend.getVehicle(tenant(), "missing-car")).toBeNull();
    expect(await backend.getVehicle(tenant(), 'x" OR slug != "y')).toBeNull();
    expect(fake.requests).toHaveLength(2);
  });

  it("uses MEILISEARCH_HOST and MEILISEARCH_API_KEY when the site has no search host", () => {
    const platform = { MEILISEARCH_HOST: "http://127.0.0.1:7700", MEILISEARCH_API_KEY: "env-key" };
    expect(meilisearchConnectionFor(makeTenant(), platform)).toEqual({ host: "http://127.0.0.1:7700", apiKey: "env-key" });
    expect(meilisearchConnectionFor(tenant(), platform)).toEqual({ host: fake.url, apiKey: "secret-key" });
    expect(meilisearchConnectionFor(makeTenant(), {})).toBeNull();
  });
});

describe("Meilisearch backend failures", () => {
  const search = (t = tenant()) => backend.multiSearch(t, [{ indexUid, limit: 1 }]);

  it("turns a 500 into SearchUnavailableError", async () => {
    fake.setMode("error-500");
    await expect(search()).rejects.toBeInstanceOf(SearchUnavailableError);
  });

  it("turns a proxy's HTML error page into SearchUnavailableError", async () => {
    fake.setMode("html-502");
    await expect(search()).rejects.toBeInstanceOf(SearchUnavailableError);
  });

  it("gives up after the timeout with SearchUnavailableError", async () => {
    fake.setMode("hang");
    const started = Date.now();
    await expect(search()).rejects.toThrow(SearchUnavailableError);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("turns a wrong key into SearchUnavailableError", async () => {
    process.env.MEILI_TEST_KEY = "wrong";
    try {
      await expect(search()).rejects.toThrow(/Search is unavailable.*invalid/);
    } finally {
      process.env.MEILI_TEST_KEY = fake.apiKey;
    }
  });

  it("turns an unreachable host into SearchUnavailableError", async () => {
    const closedPort = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, "127.0.0.1", () => {
        const address = probe.address();
        probe.close(() => resolve(typeof address === "object" && address ? address.port : 1));
      });
    });
    const unreachable = makeTenant({ search: { host: `http://127.0.0.1:${closedPort}`, key_env: null, index: indexUid } });
    await expect(search(unreachable)).rejects.toBeInstanceOf(SearchUnavailableError);
  });

  it("reports a query Meilisearch rejects as InvalidSearchQueryError, as the embedded engine does", async () => {
    await expect(backend.multiSearch(tenant(), [{ indexUid, filter: ["description = x"] }])).rejects.toBeInstanceOf(
      InvalidSearchQueryError,
    );
    await expect(backend.multiSearch(tenant(), [{ indexUid, sort: ["views:asc"] }])).rejects.toBeInstanceOf(InvalidSearchQueryError);
  });
});
