/**
 * Hostile query strings thrown at the results page and API loaders (called directly with a real
 * Request and a tenant context, as the HTTP server would): never a 500, only 200, 302 or 404, and
 * never another tenant's stock.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "~/server/lib/zod";
import { loader as apiLoader } from "~/app/routes/api.search.$";
import { loader as pageLoader } from "~/app/routes/search.$";
import { contextFor } from "~/server/context";
import type { Services } from "~/server/services";
import { loadTenants, type Tenant } from "~/server/tenants/load";
import { memoryServices } from "../fixtures/services";

const tenants = loadTenants();

let services: Services;
beforeAll(async () => {
  services = await memoryServices({ tenants });
});
const fuzzed = ["harbourside", "ridgeline-moto", "coastal-campers", "outback-4x4"].map((slug) => {
  const tenant = tenants.find((candidate) => candidate.slug === slug);
  if (!tenant) throw new Error(`no tenant ${slug}`);
  return tenant;
});

const ownIds = new Map<string, Set<number>>(
  tenants.map((tenant) => {
    const file = z
      .object({ vehicles: z.array(z.object({ id: z.number() })) })
      .parse(JSON.parse(readFileSync(path.join(tenant.dir, "stock.json"), "utf8")));
    return [tenant.slug, new Set(file.vehicles.map((vehicle) => vehicle.id))];
  }),
);

const pageData = z.object({ status: z.string(), view: z.object({ cards: z.array(z.object({ id: z.number() })) }).nullable() });
const apiData = z.object({ hits: z.array(z.object({ id: z.number() })), estimatedTotalHits: z.number(), pages: z.number() });

const keys = [
  "refinementList[make][0]",
  "refinementList[make][]",
  "refinementList[make]",
  "refinementList[model][1]",
  "refinementList[body][0]",
  "refinementList[car_type][0]",
  "refinementList[seats][0]",
  "refinementList[price][0]",
  "refinementList[city]",
  "refinementList[nope][0]",
  "refinementList[make][0][x]",
  "refinementList[make][99999]",
  "refinementList[__proto__][0]",
  "refinementList[constructor][0]",
  "menu[price_range]",
  "menu[make]",
  "range[price]",
  "range[year]",
  "range[km]",
  "range[nope]",
  "range[price][min]",
  "range_min[price]",
  "range_max[price]",
  "range_min[year]",
  "range_max[nope]",
  "page",
  "sortBy",
  "q",
  "__proto__",
  "toString",
];

const nastyValues = [
  "",
  "Toyota",
  "toyota",
  "GWM",
  "Ducati",
  "Jayco",
  "abc:",
  ":abc",
  "20000:10000",
  "5000:250000",
  "1e9",
  "1e9:",
  "-1",
  "0",
  "abc",
  "NaN",
  "Infinity",
  "999999999999999999999",
  "price:asc",
  "price:desc",
  "custom_rank:desc",
  "km:asc",
  "nope:asc",
  "$10,000 - $20,000",
  "%E0%A4%A",
  "%%",
  "%zz",
  "\u0000",
  "\uD800",
  "🚗",
  "Ünïcödé",
  '"quoted"',
  "a\\b",
  "x".repeat(10_000),
];

const anyValue = fc.oneof(
  fc.constantFrom(...nastyValues),
  fc.string(),
  fc.string({ unit: "grapheme", maxLength: 30 }),
  fc.integer().map(String),
  fc.double().map(String),
);
const anyKey = fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...keys) }, { weight: 1, arbitrary: fc.string({ maxLength: 20 }) });

/** A raw query string: pairs joined by &, each part either encoded or left raw (percent-garbage included). */
const rawQuery = fc
  .array(fc.tuple(anyKey, anyValue, fc.boolean()), { maxLength: 12 })
  .map((pairs) => pairs.map(([key, value, raw]) => (raw ? `${key}=${value}` : new URLSearchParams([[key, value]]).toString())).join("&"));

const searchPaths = fc.constantFrom(
  "/search/new-used-and-demo-cars",
  "/search/used-cars",
  "/search/new-and-demo-cars",
  "/search/toyota",
  "/search/toyota/hilux",
  "/search/ducati",
  "/search/jayco/journey",
  "/search/7-seater-cars",
  "/search/suv",
  "/search/4x4",
  "/search/motorcycles",
  "/search/rvs",
  "/search/nope",
  "/search/toyota/Not%20A%20Slug",
);

function requestFor(tenant: Tenant, pathAndQuery: string): Request {
  return new Request(`http://${tenant.slug}.localhost${pathAndQuery}`);
}

/** A loader's answer as a Response: a thrown Response counts (404s are thrown); anything else is a 500. */
async function answer(run: () => Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

async function checkPage(tenant: Tenant, pathAndQuery: string): Promise<void> {
  const response = await answer(() =>
    pageLoader({ request: requestFor(tenant, pathAndQuery), context: contextFor(tenant, services), params: {} }),
  );
  expect([200, 302, 404], pathAndQuery).toContain(response.status);
  if (response.status === 302) {
    // A folded form query lands on a URL that renders (no redirect loop).
    const location = response.headers.get("Location") ?? "";
    expect(location.startsWith("/search/"), location).toBe(true);
    const followed = await answer(() =>
      pageLoader({ request: requestFor(tenant, location), context: contextFor(tenant, services), params: {} }),
    );
    expect([200, 404], `${pathAndQuery} → ${location}`).toContain(followed.status);
    return;
  }
  if (response.status !== 200) return;
  const data = pageData.parse(await response.json());
  const own = ownIds.get(tenant.slug);
  for (const card of data.view?.cards ?? []) expect(own?.has(card.id), `${tenant.slug} showed ${card.id}`).toBe(true);
}

async function checkApi(tenant: Tenant, pathAndQuery: string): Promise<void> {
  const response = await answer(() =>
    apiLoader({
      request: requestFor(tenant, `/api${pathAndQuery}`),
      context: contextFor(tenant, services),
      params: { "*": pathAndQuery.slice("/search/".length).split("?")[0] },
    }),
  );
  expect([200, 404], pathAndQuery).toContain(response.status);
  if (response.status !== 200) return;
  const data = apiData.parse(await response.json());
  const own = ownIds.get(tenant.slug);
  for (const hit of data.hits) expect(own?.has(hit.id), `${tenant.slug} returned ${hit.id}`).toBe(true);
  expect(data.pages).toBe(Math.ceil(data.estimatedTotalHits / 100));
}

describe("fuzzed search URLs", () => {
  const loaders = [
    { title: "the results page loader answers 200, 302 or 404 and only the tenant's own stock", check: checkPage, numRuns: 2000 },
    { title: "the API loader answers 200 or 404 and only the tenant's own stock", check: checkApi, numRuns: 1500 },
  ];
  for (const { title, check, numRuns } of loaders) {
    it(
      title,
      async () => {
        await fc.assert(
          fc.asyncProperty(fc.constantFrom(...fuzzed), searchPaths, rawQuery, async (tenant, searchPath, query) => {
            await check(tenant, query === "" ? searchPath : `${searchPath}?${query}`);
          }),
          { numRuns },
        );
      },
      120_000,
    );
  }

  it("survives the extremes: a 10,000-character q, 500 refinements, huge and odd page numbers", async () => {
    const harbourside = fuzzed[0];
    if (!harbourside) throw new Error("no harbourside");
    const many = Array.from({ length: 500 }, (_, i) => `refinementList[model][${i}]=m${i}`).join("&");
    const manyForm = Array.from({ length: 500 }, (_, i) => `refinementList[make][]=make${i}`).join("&");
    const cases = [
      `/search/used-cars?q=${"z".repeat(10_000)}`,
      `/search/used-cars?${many}`,
      `/search/used-cars?${manyForm}`,
      "/search/used-cars?page=1e9",
      "/search/used-cars?page=999999999999999999999",
      "/search/used-cars?page=0&page=2",
      "/search/used-cars?range[price]=abc:&range_min[price]=1&range_max[price]=0",
      "/search/used-cars?range_min[price]=99999999999999999999&range_max[price]=-5",
    ];
    for (const pathAndQuery of cases) {
      await checkPage(harbourside, pathAndQuery);
      await checkApi(harbourside, pathAndQuery);
    }
  }, 60_000);
});
