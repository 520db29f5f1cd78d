/**
 * The keyword box in plain words on harbourside: the six phrases shoppers typed become the
 * explicit filters on both engines (the embedded index and Meilisearch, through the local fake),
 * and the results are exactly the listed cars those filters describe. Then over HTTP: the results
 * page redirects to the filters' URL and the JSON API answers the same cars as the explicit URL.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { logger } from "~/server/lib/logger";
import { createEmbeddedBackend } from "~/server/search/embedded/backend";
import { createMeilisearchBackend } from "~/server/search/meilisearch/backend";
import { applyIndexSettings, indexDocuments, indexingClient } from "~/server/search/meilisearch/indexing";
import { searchIndexUid } from "~/server/search/queries";
import { runSearch, searchClock } from "~/server/search/run-search";
import type { SearchBackend } from "~/server/search/types";
import { keywordRedirect } from "~/server/search/words/keyword-redirect";
import { isListed } from "~/server/stock/is-listed";
import type { Vehicle } from "~/server/stock/vehicle";
import { loadTenants, type Tenant } from "~/server/tenants/load";
import { TenantDirectory } from "~/server/tenants/resolve";
import { startFakeMeilisearch, type FakeMeilisearch } from "../fixtures/fake-meilisearch";
import { appForFile } from "./support/app-server";
import { request } from "./support/http";

const tenants = loadTenants();
const harbourside = tenants.find((tenant) => tenant.slug === "harbourside")!;
const stock: Vehicle[] = JSON.parse(readFileSync(path.join(harbourside.dir, "stock.json"), "utf8")).vehicles;
const keyEnv = "SEARCH_WORDS_TEST_KEY";
const log = logger.child({ test: "search-words" });

/** The six phrases, the explicit URL each means, and our own reading of which cars that is. */
const phrases: Array<{ text: string; href: string; matches: (v: Vehicle) => boolean }> = [
  {
    text: "toyota suv under 40k",
    href: "/search/toyota?refinementList[body][0]=suv&range[price]=:40000",
    matches: (v) => v.make === "Toyota" && v.body === "suv" && v.price !== null && v.price <= 40000,
  },
  {
    text: "7 seater diesel",
    href: "/search/new-used-and-demo-cars?refinementList[seats][0]=7&refinementList[simple_fuel][0]=Diesel",
    matches: (v) => v.seats === 7 && v.simple_fuel === "Diesel",
  },
  {
    text: "used hilux under 50,000 km",
    href: "/search/toyota/hilux?refinementList[car_type][0]=used&range[km]=:50000",
    matches: (v) => v.car_type === "used" && v.make === "Toyota" && v.model === "HiLux" && v.km !== null && v.km <= 50000,
  },
  {
    text: "hybrid suv 2021 onwards",
    href: "/search/suv?refinementList[simple_fuel][0]=Hybrid&range[year]=2021:",
    matches: (v) => v.simple_fuel === "Hybrid" && v.body === "suv" && v.year !== null && v.year >= 2021,
  },
  {
    text: "white hiace",
    href: "/search/toyota/hiace?refinementList[colour][0]=White",
    matches: (v) => v.colour === "White" && v.make === "Toyota" && v.model === "HiAce",
  },
  {
    text: "suv with tow bar",
    href: "/search/suv?refinementList[filtered_features][0]=Tow%20Bar",
    matches: (v) => v.body === "suv" && (v.filtered_features ?? []).includes("Tow Bar"),
  },
];

const typed = (text: string) => `/search/new-used-and-demo-cars?q=${encodeURIComponent(text)}`;

let fake: FakeMeilisearch;
let meiliTenant: Tenant;
const embedded = createEmbeddedBackend(() => stock);
const meilisearch = createMeilisearchBackend();

beforeAll(async () => {
  fake = await startFakeMeilisearch();
  process.env[keyEnv] = fake.apiKey;
  meiliTenant = { ...harbourside, site: { ...harbourside.site, search: { host: fake.url, key_env: keyEnv, index: null } } };
  const client = indexingClient({ host: fake.url, apiKey: fake.apiKey });
  await applyIndexSettings(client, searchIndexUid(meiliTenant), { pollIntervalMs: 5 });
  await indexDocuments(client, searchIndexUid(meiliTenant), stock, { batchSize: 1000, pollIntervalMs: 5 });
});

afterAll(async () => {
  delete process.env[keyEnv];
  await fake?.close();
});

describe.each([
  ["embedded", () => ({ backend: embedded as SearchBackend, tenant: harbourside })],
  ["meilisearch", () => ({ backend: meilisearch as SearchBackend, tenant: meiliTenant })],
])("%s engine", (_name, engine) => {
  it.each(phrases)("'$text' becomes its explicit filters and exactly their cars", async ({ text, href, matches }) => {
    const { backend, tenant } = engine();
    const origin = "http://harbourside.localhost";
    const now = searchClock(Date.now());
    const target = await keywordRedirect(new URL(typed(text), origin), tenant, backend, log, now);
    expect(target).toBe(`${href}${href.includes("?") ? "" : "?q="}`);
    const outcome = await runSearch(new URL(target!, origin), tenant, backend, log, now, 100);
    if (outcome.kind !== "ok") throw new Error(`search ${outcome.kind}`);
    const expected = stock.filter((v) => isListed(v, tenant.site, now) && matches(v));
    expect(expected.length).toBeGreaterThan(0);
    expect(outcome.page.estimatedTotalHits).toBe(expected.length);
    expect(outcome.page.hits.every(matches)).toBe(true);
  });
});

describe("over HTTP (embedded engine)", () => {
  const server = appForFile(() => new TenantDirectory(tenants, { defaultTenant: "harbourside", trustProxy: false }));

  const get = (slug: string, urlPath: string) => request(server.port, `${slug}.localhost`, urlPath, {});

  it.each(phrases)("the results page sends '$text' to its filters' URL; the JSON API answers the same cars", async ({ text, href }) => {
    const page = await get("harbourside", typed(text));
    expect(page.status).toBe(302);
    expect(page.headers.location).toBe(`${href}${href.includes("?") ? "" : "?q="}`);
    const fromWords = JSON.parse((await get("harbourside", `/api${typed(text)}`)).body);
    const explicit = JSON.parse((await get("harbourside", `/api${href}`)).body);
    expect(fromWords.estimatedTotalHits).toBe(explicit.estimatedTotalHits);
    expect(fromWords.hits.map((hit: Vehicle) => hit.id)).toEqual(explicit.hits.map((hit: Vehicle) => hit.id));
  });

  it("the keyword box's suggestion: what is understood, the count and the URL", async () => {
    const reply = await get(
      "harbourside",
      `/api/search-words?q=${encodeURIComponent("toyota suv under 40k")}&path=/search/new-used-and-demo-cars`,
    );
    expect(reply.status).toBe(200);
    const { suggestion } = JSON.parse(reply.body);
    const count = (JSON.parse((await get("harbourside", `/api${phrases[0].href}`)).body) as { estimatedTotalHits: number })
      .estimatedTotalHits;
    expect(suggestion).toEqual({
      labels: ["Toyota", "SUV", "Under $40,000"],
      text: "",
      count,
      summary: `Toyota · SUV · Under $40,000 — ${count.toLocaleString("en-AU")} cars`,
      href: phrases[0].href,
    });
    const empty = JSON.parse((await get("harbourside", "/api/search-words?q=")).body);
    expect(empty).toEqual({ suggestion: null });
  });

  it("words that name nothing stay a text search; a make another site sells is said, not a silent 0", async () => {
    expect((await get("harbourside", "/search/new-used-and-demo-cars?q=wildtrak")).status).toBe(200);
    const away = await get("kiwi-motors", typed("hiace"));
    expect(away.status).toBe(302);
    expect(away.headers.location).toBe("/search/van?q=&missing=hiace");
    const shown = await get("kiwi-motors", away.headers.location!);
    expect(shown.status).toBe(200);
    expect(shown.body).toContain("No &#x27;hiace&#x27; on this site — showing all vans");
  });
});
