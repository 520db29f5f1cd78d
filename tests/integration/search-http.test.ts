/**
 * The search pages and GET /api/search over HTTP against the production build, checked against a
 * brute-force reading of tenants/<slug>/stock.json with the spec's stock filter (spec 000 §4).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { searchClock } from "~/server/search/run-search";
import { pageTitle as withSiteName } from "~/server/seo/page-title";
import { slugify } from "~/server/lib/slug";
import { isSold } from "~/server/stock/availability";
import type { Vehicle } from "~/server/stock/vehicle";
import { loadTenants, type Tenant } from "~/server/tenants/load";
import { TenantDirectory } from "~/server/tenants/resolve";
import { appForFile, startApp } from "./support/app-server";
import { decodeHtml, linkHref } from "./support/html-text";
import { request, type HttpReply } from "./support/http";

const tenants = loadTenants();
const directory = new TenantDirectory(tenants, { defaultTenant: "harbourside", trustProxy: false });
// spec 000 §4: 3 days = 259200000 ms.
const SOLD_WINDOW_MS = 259_200_000;
const PER_PAGE = 21;
// spec 000 §9: 100 per page in the direct search call (GET /api/search).
const API_PER_PAGE = 100;

const server = appForFile(directory);

function tenant(slug: string): Tenant {
  const found = tenants.find((candidate) => candidate.slug === slug);
  if (!found) throw new Error(`no tenant ${slug}`);
  return found;
}

const stockCache = new Map<string, Vehicle[]>();
function stock(slug: string): Vehicle[] {
  let vehicles = stockCache.get(slug);
  if (!vehicles) {
    const file: { vehicles: Vehicle[] } = JSON.parse(readFileSync(path.join(tenant(slug).dir, "stock.json"), "utf8"));
    vehicles = file.vehicles;
    stockCache.set(slug, vehicles);
  }
  return vehicles;
}

/** Our own reading of the spec's stock filter, independent of server/stock/is-listed.ts. */
function isListedAt(vehicle: Vehicle, now: number): boolean {
  if (vehicle.show_on_dealer_website !== true) return false;
  if (vehicle.status === "in_stock" || vehicle.status === "coming_soon") return true;
  return vehicle.status === "sold" && vehicle.sold_date_timestamp !== null && vehicle.sold_date_timestamp >= now - SOLD_WINDOW_MS;
}

function listed(slug: string, now: number): Vehicle[] {
  return stock(slug).filter((vehicle) => isListedAt(vehicle, now));
}

function hidden(slug: string, now: number): Vehicle[] {
  return stock(slug).filter((vehicle) => !isListedAt(vehicle, now));
}

function countBy(vehicles: Vehicle[], key: (vehicle: Vehicle) => string | number | null): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const vehicle of vehicles) {
    const value = key(vehicle);
    if (value === null) continue;
    counts[String(value)] = (counts[String(value)] ?? 0) + 1;
  }
  return counts;
}

/**
 * The server rounds its clock to the minute (searchClock); a request that starts and ends in the
 * same minute was answered with exactly that clock, so brute-force counts can be exact.
 */
async function atStableClock<T>(run: () => Promise<T>): Promise<{ value: T; now: number }> {
  for (;;) {
    const before = searchClock(Date.now());
    const value = await run();
    if (searchClock(Date.now()) === before) return { value, now: before };
  }
}

const host = (slug: string) => `${slug}.localhost`;
const get = (slug: string, urlPath: string, headers: Record<string, string> = {}) => request(server.port, host(slug), urlPath, { headers });

type ApiBody = {
  hits: Vehicle[];
  estimatedTotalHits: number;
  processingTimeMs: number;
  facetDistribution: Record<string, Record<string, number>>;
  facetStats: Record<string, { min: number; max: number }>;
  limit: number;
  page: number;
  pages: number;
};

async function api(slug: string, pathAndQuery: string): Promise<ApiBody> {
  const reply = await get(slug, `/api${pathAndQuery}`);
  expect(reply.status, reply.body).toBe(200);
  return JSON.parse(reply.body) as ApiBody;
}

function pageTitle(html: string): string {
  return decodeHtml(/data-testid="search-title">([^<]*)</.exec(html)?.[1] ?? "");
}

function pageTotal(html: string): number {
  const text = /data-testid="search-total">([\d,]+) /.exec(html)?.[1];
  if (text === undefined) throw new Error("no total on the page");
  return Number(text.replace(/,/g, ""));
}

function cardIds(html: string): number[] {
  return [...html.matchAll(/data-testid="vehicle-card" data-vehicle-id="(\d+)"/g)].map((match) => Number(match[1]));
}

/** The HTML of one card, from its opening tag to its closing </article>. */
function cardHtml(html: string, id: number): string {
  const start = html.indexOf(`data-vehicle-id="${id}"`);
  if (start === -1) throw new Error(`card ${id} not on the page`);
  const end = html.indexOf("</article>", start);
  return html.slice(start, end === -1 ? undefined : end);
}

async function page(slug: string, pathAndQuery: string): Promise<{ reply: HttpReply; now: number }> {
  const { value, now } = await atStableClock(() => get(slug, pathAndQuery));
  return { reply: value, now };
}

describe("every search path kind answers with its title and the brute-force count", () => {
  const hasModel = (make: string, model: string) => (v: Vehicle) => v.make === make && slugify(v.model) === model;
  const cases: Array<[slug: string, urlPath: string, title: string, matches: (vehicle: Vehicle) => boolean]> = [
    ["harbourside", "/search/new-used-and-demo-cars", "Cars for Sale in Sydney, NSW", () => true],
    ["harbourside", "/search/used-cars", "Used Cars for Sale in Sydney, NSW", (v) => v.car_type === "used"],
    ["harbourside", "/search/demo-cars", "Demo Cars for Sale in Sydney, NSW", (v) => v.car_type === "demo"],
    ["harbourside", "/search/new-cars", "New Cars for Sale in Sydney, NSW", (v) => v.car_type === "new"],
    ["harbourside", "/search/new-and-demo-cars", "New and Demo Cars for Sale in Sydney, NSW", (v) => v.car_type !== "used"],
    ["harbourside", "/search/toyota", "Toyota Cars for Sale in Sydney, NSW", (v) => v.make === "Toyota"],
    ["harbourside", "/search/toyota/hilux", "Toyota HiLux for Sale in Sydney, NSW", hasModel("Toyota", "hilux")],
    ["harbourside", "/search/7-seater-cars", "7 Seater Cars for Sale in Sydney, NSW", (v) => v.seats === 7],
    ["harbourside", "/search/suv", "SUVs for Sale in Sydney, NSW", (v) => v.body === "suv"],
    ["southern-used", "/search/used-cars", "Used Cars for Sale in Melbourne, VIC", (v) => v.car_type === "used"],
    ["outback-4x4", "/search/4x4", "4x4s for Sale in Toowoomba, QLD", () => true],
    ["ridgeline-moto", "/search/motorcycles", "Motorcycles for Sale in Brisbane, QLD", () => true],
    ["coastal-campers", "/search/rvs", "Campers for Sale in Perth, WA", () => true],
  ];
  for (const [slug, urlPath, title, matches] of cases) {
    it(`${slug} ${urlPath}`, async () => {
      const { reply, now } = await page(slug, urlPath);
      expect(reply.status).toBe(200);
      expect(pageTitle(reply.body)).toBe(title);
      // The document title carries the ' | {site}' suffix of every indexable page; the heading does not.
      expect(reply.body).toContain(`<title>${withSiteName(title, tenant(slug).site.name).replace(/&/g, "&amp;")}</title>`);
      const expected = listed(slug, now).filter(matches);
      expect(expected.length).toBeGreaterThan(0);
      expect(pageTotal(reply.body)).toBe(expected.length);
      const ids = cardIds(reply.body);
      expect(ids).toHaveLength(Math.min(PER_PAGE, expected.length));
      const allowed = new Set(expected.map((v) => v.id));
      for (const id of ids) expect(allowed.has(id), `card ${id} is not in ${urlPath}`).toBe(true);
    });
  }

  it("a default path named without /search/ in the config, the trailing slash form, and upper case all read back", async () => {
    const { reply } = await page("harbourside", "/search/new-used-and-demo-cars/");
    expect(reply.status).toBe(200);
    expect((await page("harbourside", "/search/Used-Cars")).reply.status).toBe(200);
  });

  for (const urlPath of ["/search/not-a-thing", "/search/toyota/hilux/extra", "/search/used-cars/toyota", "/search/toyota/Hi%20Lux"]) {
    it(`unknown path ${urlPath} is a 404 page, and a 404 from the API`, async () => {
      const reply = await get("harbourside", urlPath);
      expect(reply.status).toBe(404);
      expect(reply.headers["content-type"]).toContain("text/html");
      expect(reply.body).not.toContain('data-testid="vehicle-card"');
      const fromApi = await get("harbourside", `/api${urlPath}`);
      expect(fromApi.status).toBe(404);
    });
  }

  it("a malformed percent escape in the path is a bad request, not a server error", async () => {
    const reply = await get("harbourside", "/search/%E0%A4%A");
    expect(reply.status).toBe(400);
  });
});

describe("GET /api/search", () => {
  it("answers exactly the spec's fields, and the same total and first hits as the page", async () => {
    const query = "?refinementList[body][0]=suv&range[price]=20000:60000&sortBy=price:asc&page=2";
    const { value, now } = await atStableClock(
      async () => [await get("harbourside", `/search/toyota${query}`), await api("harbourside", `/search/toyota${query}`)] as const,
    );
    const [html, body] = value;
    expect(Object.keys(body).sort()).toEqual([
      "estimatedTotalHits",
      "facetDistribution",
      "facetStats",
      "hits",
      "limit",
      "page",
      "pages",
      "processingTimeMs",
    ]);
    const expected = listed("harbourside", now).filter(
      (v) => v.make === "Toyota" && v.body === "suv" && v.price !== null && v.price >= 20000 && v.price <= 60000,
    );
    expect(body.estimatedTotalHits).toBe(expected.length);
    expect(pageTotal(html.body)).toBe(body.estimatedTotalHits);
    expect(body.limit).toBe(API_PER_PAGE);
    expect(body.page).toBe(2);
    expect(body.pages).toBe(Math.ceil(expected.length / API_PER_PAGE));
    // The page shows 21 (page 2: the 22nd to 42nd); the API's page 2 starts at the 101st.
    const firstHundred = await api("harbourside", `/search/toyota${query.replace("&page=2", "")}`);
    expect(cardIds(html.body)).toEqual(firstHundred.hits.slice(PER_PAGE, 2 * PER_PAGE).map((hit) => hit.id));
    expect(body.hits.length).toBe(Math.max(0, Math.min(API_PER_PAGE, expected.length - API_PER_PAGE)));
  });

  it("pages 100 hits at a time (spec 000 §9); limit=1 to 100 asks for fewer, anything else is the default", async () => {
    const { value, now } = await atStableClock(async () => [
      await api("harbourside", "/search/new-used-and-demo-cars?sortBy=price:asc"),
      await api("harbourside", "/search/new-used-and-demo-cars?sortBy=price:asc&page=2"),
      await api("harbourside", "/search/new-used-and-demo-cars?sortBy=price:asc&limit=1"),
      await api("harbourside", "/search/new-used-and-demo-cars?sortBy=price:asc&limit=500"),
    ]);
    const [first, second, one, tooMany] = value;
    const total = listed("harbourside", now).length;
    expect(first).toMatchObject({ limit: 100, page: 1, pages: Math.ceil(total / 100), estimatedTotalHits: total });
    expect(first.hits).toHaveLength(100);
    expect(second.hits).toHaveLength(100);
    expect(new Set([...first.hits, ...second.hits].map((hit) => hit.id)).size).toBe(200);
    expect(one).toMatchObject({ limit: 1, pages: total, estimatedTotalHits: total });
    expect(one.hits.map((hit) => hit.id)).toEqual([first.hits[0]!.id]);
    expect(tooMany.limit).toBe(100);
  });

  it("never hands out payment processor keys", async () => {
    const body = await api("harbourside", "/search/new-used-and-demo-cars?sortBy=price:desc");
    for (const hit of body.hits) for (const processor of hit.payment_processors) expect(processor.authorization_key).toBeNull();
  });

  it("counts facets disjunctively: refining a make keeps the make counts, other facets shrink to the make", async () => {
    const { value, now } = await atStableClock(async () => [
      await api("harbourside", "/search/new-used-and-demo-cars"),
      await api("harbourside", "/search/new-used-and-demo-cars?refinementList[make][0]=Toyota"),
    ]);
    const [all, toyota] = value;
    const everything = listed("harbourside", now);
    const toyotas = everything.filter((v) => v.make === "Toyota");
    expect(all.facetDistribution.make).toEqual(countBy(everything, (v) => v.make));
    expect(toyota.facetDistribution.make).toEqual(all.facetDistribution.make);
    expect(toyota.estimatedTotalHits).toBe(toyotas.length);
    expect(toyota.facetDistribution.body).toEqual(countBy(toyotas, (v) => v.body));
    expect(toyota.facetDistribution.car_type).toEqual(countBy(toyotas, (v) => v.car_type));
    expect(toyota.facetDistribution.body).not.toEqual(all.facetDistribution.body);
    const prices = toyotas.map((v) => v.price).filter((p): p is number => p !== null);
    expect(toyota.facetStats.price).toEqual({ min: Math.min(...prices), max: Math.max(...prices) });
  });

  it("with two refined facets each keeps the counts of the other filter only", async () => {
    const { value, now } = await atStableClock(() =>
      api(
        "harbourside",
        "/search/new-used-and-demo-cars?refinementList[make][0]=Toyota&refinementList[make][1]=Mazda&refinementList[body][0]=suv",
      ),
    );
    const everything = listed("harbourside", now);
    expect(value.facetDistribution.make).toEqual(
      countBy(
        everything.filter((v) => v.body === "suv"),
        (v) => v.make,
      ),
    );
    const makes = everything.filter((v) => v.make === "Toyota" || v.make === "Mazda");
    expect(value.facetDistribution.body).toEqual(countBy(makes, (v) => v.body));
    expect(value.estimatedTotalHits).toBe(makes.filter((v) => v.body === "suv").length);
  });
});

describe("the stock filter", () => {
  for (const slug of ["harbourside", "southern-used", "lakeside-auto"]) {
    it(`${slug}: the total is exactly the listed stock and no hidden vehicle is ever counted or returned`, async () => {
      const listing = tenant(slug).site.default_search_path ?? "/search/new-used-and-demo-cars";
      const { value, now } = await atStableClock(async () => {
        const pages: ApiBody[] = [];
        const first = await api(slug, `/search/new-used-and-demo-cars`);
        pages.push(first);
        for (let n = 2; n <= first.pages; n += 1) pages.push(await api(slug, `/search/new-used-and-demo-cars?page=${n}`));
        return pages;
      });
      const expected = listed(slug, now);
      expect(hidden(slug, now).length).toBeGreaterThan(0);
      expect(value[0]?.estimatedTotalHits).toBe(expected.length);
      const ids = value.flatMap((body) => body.hits.map((hit) => hit.id));
      expect(new Set(ids).size).toBe(ids.length);
      expect(new Set(ids)).toEqual(new Set(expected.map((v) => v.id)));
      expect(listing).toMatch(/^\/search\//);
    });
  }

  it("a recently sold car shows JUST SOLD and 'Find Me Something Similar' instead of the buttons", async () => {
    const { value, now } = await atStableClock(() => api("harbourside", "/search/new-used-and-demo-cars?refinementList[status][0]=sold"));
    const sold = listed("harbourside", now).filter((v) => v.status === "sold");
    expect(value.estimatedTotalHits).toBe(sold.length);
    const first = value.hits[0];
    if (!first) throw new Error("no sold car in the window");
    const { reply } = await page("harbourside", "/search/new-used-and-demo-cars?refinementList[status][0]=sold");
    const card = cardHtml(reply.body, first.id);
    expect(card).toContain("JUST SOLD");
    expect(card).toContain("Find Me Something Similar");
    expect(card).not.toContain('data-testid="card-enquire"');
    expect(card).not.toContain('data-testid="card-reserve"');
  });
});

describe("paging (21 per page, spec 000 §4)", () => {
  it("page 2 continues page 1; page=1, 0, -1 and abc all mean page 1", async () => {
    const base = "/search/used-cars";
    const first = await api("harbourside", base);
    const second = await api("harbourside", `${base}?page=2`);
    expect(first.pages).toBe(Math.ceil(first.estimatedTotalHits / API_PER_PAGE));
    expect(second.page).toBe(2);
    expect(second.hits.map((h) => h.id)).not.toEqual(first.hits.map((h) => h.id));
    const firstIds = new Set(first.hits.map((h) => h.id));
    for (const hit of second.hits) expect(firstIds.has(hit.id)).toBe(false);
    for (const value of ["1", "0", "-1", "abc", "1.5", "02"]) {
      const body = await api("harbourside", `${base}?page=${value}`);
      expect(body.page, `page=${value}`).toBe(value === "02" ? 1 : 1);
      expect(body.hits.map((h) => h.id)).toEqual(first.hits.map((h) => h.id));
    }
  });

  it("the page links never write page=1, and the last page holds the remainder", async () => {
    const first = await get("harbourside", "/search/used-cars?page=2");
    expect(first.status).toBe(200);
    expect(first.body).toMatch(/href="\/search\/used-cars(\?q=)?" [^>]*rel="prev"|rel="prev"[^>]*href="\/search\/used-cars(\?q=)?"/);
    expect(first.body).not.toMatch(/page=1[&"]/);
    const body = await api("harbourside", "/search/used-cars");
    const last = await api("harbourside", `/search/used-cars?page=${body.pages}`);
    expect(last.hits).toHaveLength(body.estimatedTotalHits - (body.pages - 1) * API_PER_PAGE);
  });

  it("a page past the end answers an empty page, not an error", async () => {
    const reply = await get("harbourside", "/search/used-cars?page=999");
    expect(reply.status).toBe(200);
    expect(cardIds(reply.body)).toEqual([]);
    expect(reply.body).toContain('data-testid="search-empty"');
  });
});

describe("sorting", () => {
  const prices = (hits: Vehicle[]) => hits.map((hit) => hit.price ?? Number.NaN);
  // Cars for sale come first in every sort, sold ones after (docs/decisions.md); each part in price order.
  const parts = (body: ApiBody) => {
    const firstSold = body.hits.findIndex((hit) => isSold(hit));
    const cut = firstSold === -1 ? body.hits.length : firstSold;
    return { forSale: body.hits.slice(0, cut), sold: body.hits.slice(cut) };
  };
  it("sortBy=price:asc and price:desc order the hits and the page, cars for sale first", async () => {
    const asc = await api("harbourside", "/search/used-cars?sortBy=price:asc");
    const ascParts = parts(asc);
    expect(ascParts.sold.every((hit) => isSold(hit))).toBe(true);
    expect(ascParts.forSale.length).toBeGreaterThan(0);
    expect(prices(ascParts.forSale)).toEqual([...prices(ascParts.forSale)].sort((a, b) => a - b));
    expect(prices(ascParts.sold)).toEqual([...prices(ascParts.sold)].sort((a, b) => a - b));
    const desc = await api("harbourside", "/search/used-cars?sortBy=price:desc");
    const descParts = parts(desc);
    expect(descParts.sold.every((hit) => isSold(hit))).toBe(true);
    expect(prices(descParts.forSale)).toEqual([...prices(descParts.forSale)].sort((a, b) => b - a));
    const { reply, now } = await page("harbourside", "/search/used-cars?sortBy=price:asc");
    expect(cardIds(reply.body)).toEqual(asc.hits.slice(0, PER_PAGE).map((h) => h.id));
    const cheapest = Math.min(
      ...listed("harbourside", now)
        .filter((v) => v.car_type === "used" && v.price !== null && v.price > 10 && !isSold(v))
        .map((v) => v.price ?? 0),
    );
    expect(asc.hits[0]?.price).toBe(cheapest);
  });

  it("the current sort link is marked and the others carry their sortBy", async () => {
    const reply = await get("harbourside", "/search/used-cars?sortBy=price:desc");
    expect(reply.body).toMatch(/aria-current="true"[^>]*data-testid="sort-price:desc"/);
    expect(reply.body).toMatch(/href="\/search\/used-cars\?sortBy=price:asc"/);
  });
});

describe("the no-JS filter form is folded into the shareable URL", () => {
  it("refinementList[make][] and range_min/range_max redirect with 302 to the spec form", async () => {
    const query =
      "refinementList[make][]=Toyota&refinementList[make][]=Mazda&refinementList[body][]=suv&range_min[price]=20000&range_max[price]=&q=";
    const reply = await get("harbourside", `/search/new-used-and-demo-cars?${query}`);
    expect(reply.status).toBe(302);
    // Two makes can't be the path; the one body type can (spec 000 §2 landing tiles link to /search/{body}).
    expect(reply.headers.location).toBe("/search/suv?refinementList[make][0]=Toyota&refinementList[make][1]=Mazda&range[price]=20000:");
  });

  it("one make folds into the make path, and a min/max pair into low:high", async () => {
    const reply = await get(
      "harbourside",
      "/search/new-used-and-demo-cars?refinementList[make][]=Toyota&range_min[price]=$20,000&range_max[price]=40000",
    );
    expect(reply.status).toBe(302);
    expect(reply.headers.location).toBe("/search/toyota?range[price]=20000:40000");
    const target = await get("harbourside", String(reply.headers.location));
    expect(target.status).toBe(200);
  });

  it("a form with every box unticked and empty ranges lands on a URL that does not bounce back to the stored query", async () => {
    const reply = await get("harbourside", "/search/used-cars?range_min[price]=&range_max[price]=&sortBy=price:asc");
    expect(reply.status).toBe(302);
    expect(reply.headers.location).toBe("/search/used-cars?sortBy=price:asc");
  });
});

describe("the price-range landing", () => {
  it("redirects to the results in range sorted by price descending", async () => {
    const reply = await get("harbourside", "/search?price_min=20000&price_max=40000");
    expect(reply.status).toBe(302);
    expect(reply.headers.location).toBe("/search/new-used-and-demo-cars?range[price]=20000:40000&sortBy=price:desc");
    const { value, now } = await atStableClock(() =>
      api("harbourside", "/search/new-used-and-demo-cars?range[price]=20000:40000&sortBy=price:desc"),
    );
    const expected = listed("harbourside", now).filter((v) => v.price !== null && v.price >= 20000 && v.price <= 40000);
    expect(value.estimatedTotalHits).toBe(expected.length);
    const shown = value.hits.map((h) => h.price ?? 0);
    expect(shown).toEqual([...shown].sort((a, b) => b - a));
    expect(shown[0]).toBe(Math.max(...expected.map((v) => v.price ?? 0)));
  });

  it("keeps the minimum a step (so at least 1) below the maximum, as the slider does", async () => {
    const equal = await get("harbourside", "/search?price_min=30000&price_max=30000");
    expect(equal.headers.location).toBe("/search/new-used-and-demo-cars?range[price]=30000:30500&sortBy=price:desc");
    const top = await get("harbourside", "/search?price_min=250000&price_max=250000");
    expect(top.headers.location).toBe("/search/new-used-and-demo-cars?range[price]=249500:250000&sortBy=price:desc");
    const swapped = await get("harbourside", "/search?price_min=90000&price_max=10000");
    expect(swapped.headers.location).toBe("/search/new-used-and-demo-cars?range[price]=10000:90000&sortBy=price:desc");
  });

  it("the landing shows tiles with counts and the Show Me button with the range count", async () => {
    const { reply, now } = await page("harbourside", "/search");
    expect(reply.status).toBe(200);
    const inRange = listed("harbourside", now).filter((v) => v.price !== null && v.price >= 5000 && v.price <= 250000).length;
    expect(reply.body).toMatch(new RegExp(`Show Me (<!-- -->)?${inRange.toLocaleString("en-AU")}(<!-- -->)? (<!-- -->)?cars`));
    const toyotas = listed("harbourside", now).filter((v) => v.make === "Toyota").length;
    expect(reply.body).toMatch(new RegExp(`href="/search/toyota"[^]*?${toyotas.toLocaleString("en-AU")}`));
  });
});

describe("the stored search suffix (spec 000 §2)", () => {
  function cookieOf(reply: HttpReply): string {
    const setCookie = reply.headers["set-cookie"] ?? [];
    const value = setCookie.map((line) => line.split(";")[0] ?? "").find((pair) => pair.startsWith("fc_search="));
    if (!value) throw new Error("no fc_search cookie");
    return value;
  }

  it("the cookie is scoped to /search (Path=/search), so other pages never carry it", async () => {
    const visit = await get("harbourside", "/search/used-cars?refinementList[body][0]=suv");
    const line = (visit.headers["set-cookie"] ?? []).find((entry) => entry.startsWith("fc_search="));
    expect(line).toBeDefined();
    expect(line?.split(/;\s*/)).toContain("Path=/search");
  });

  it("a bare address redirects to the stored query; a link carrying ?q= does not bounce", async () => {
    const visit = await get("harbourside", "/search/used-cars?refinementList[body][0]=suv&sortBy=price:asc&page=3");
    expect(visit.status).toBe(200);
    const cookie = cookieOf(visit);
    const bare = await get("harbourside", "/search/used-cars", { Cookie: cookie });
    expect(bare.status).toBe(302);
    // The page number is not remembered.
    expect(bare.headers.location).toBe("/search/used-cars?refinementList[body][0]=suv&sortBy=price:asc");
    const cleared = await get("harbourside", "/search/used-cars?q=", { Cookie: cookie });
    expect(cleared.status).toBe(200);
    expect(cardIds(cleared.body).length).toBe(PER_PAGE);
    const afterClear = await get("harbourside", "/search/used-cars", { Cookie: cookieOf(cleared) });
    expect(afterClear.status).toBe(200);
  });

  it("the clear-all link of a filtered page carries ?q= so it sticks", async () => {
    const reply = await get("harbourside", "/search/used-cars?refinementList[body][0]=suv");
    const href = decodeHtml(linkHref(reply.body, "clear-all") ?? "");
    expect(href).toBe("/search/new-used-and-demo-cars?q=");
  });

  it("a browser prefetch (the price landing's) is not a visit: it stores no suffix", async () => {
    const prefetchHeaders: Array<Record<string, string>> = [
      { "Sec-Purpose": "prefetch" },
      { Purpose: "prefetch" },
      { "X-Moz": "prefetch" },
    ];
    for (const header of prefetchHeaders) {
      const prefetch = await get(
        "harbourside",
        "/search/new-used-and-demo-cars?range[price]=20000:40000&sortBy=price:desc&_data=routes%2Fsearch.%24",
        header,
      );
      expect(prefetch.status).toBe(200);
      expect(prefetch.headers["set-cookie"] ?? []).toEqual([]);
    }
    const visit = await get("harbourside", "/search/new-used-and-demo-cars?range[price]=20000:40000&sortBy=price:desc");
    expect(cookieOf(visit)).toMatch(/^fc_search=/);
  });

  it("a stored suffix from one tenant is not followed by another tenant's page", async () => {
    const visit = await get("harbourside", "/search/used-cars?refinementList[make][0]=Toyota");
    const other = await get("southern-used", "/search/demo-cars", { Cookie: cookieOf(visit) });
    expect(other.status).toBe(200);
  });
});

describe("tenant isolation", () => {
  const exclusive: Array<[make: string, owner: string]> = [
    ["Ducati", "ridgeline-moto"],
    ["Jayco", "coastal-campers"],
    ["Chevrolet", "lakeside-auto"],
  ];
  for (const [make, owner] of exclusive) {
    it(`${make} (only ${owner} stocks it) never shows elsewhere`, async () => {
      for (const other of tenants) {
        const ownsIt = stock(other.slug).some((v) => v.make === make);
        expect(ownsIt, `${other.slug} stocks ${make}`).toBe(other.slug === owner);
        const body = await api(other.slug, `/search/new-used-and-demo-cars?refinementList[make][0]=${encodeURIComponent(make)}`);
        const all = await api(other.slug, "/search/new-used-and-demo-cars");
        if (other.slug === owner) {
          expect(body.estimatedTotalHits).toBeGreaterThan(0);
          continue;
        }
        expect(body.estimatedTotalHits).toBe(0);
        expect(Object.keys(all.facetDistribution.make ?? {})).not.toContain(make);
        const html = await get(other.slug, `/search/new-used-and-demo-cars?q=${encodeURIComponent(make)}`);
        expect(cardIds(html.body).every((id) => stock(other.slug).some((v) => v.id === id))).toBe(true);
      }
    });
  }

  it("the ids on every tenant's first page are that tenant's own", async () => {
    for (const t of tenants) {
      const own = new Set(stock(t.slug).map((v) => v.id));
      const reply = await get(t.slug, t.site.default_search_path ?? "/search/new-used-and-demo-cars");
      expect(reply.status).toBe(200);
      const ids = cardIds(reply.body);
      expect(ids.length).toBeGreaterThan(0);
      for (const id of ids) expect(own.has(id), `${t.slug} shows ${id}`).toBe(true);
    }
  });
});

describe("vehicle cards as rendered (spec 000 §2, §5)", () => {
  /** The results page (narrowed to the vehicle's make, model and year) that shows this vehicle's card. */
  async function cardOf(slug: string, vehicle: Vehicle): Promise<string> {
    const query = `refinementList[make][0]=${encodeURIComponent(vehicle.make)}&refinementList[model][0]=${encodeURIComponent(vehicle.model)}&range[year]=${vehicle.year}:${vehicle.year}&q=`;
    for (let n = 1; n <= 20; n += 1) {
      const reply = await get(slug, `/search/new-used-and-demo-cars?${query}&page=${n}`);
      expect(reply.status).toBe(200);
      const ids = cardIds(reply.body);
      if (ids.includes(vehicle.id)) return cardHtml(reply.body, vehicle.id);
      if (ids.length === 0) break;
    }
    throw new Error(`card ${vehicle.id} not found`);
  }

  function pick(slug: string, what: string, matches: (vehicle: Vehicle) => boolean): Vehicle {
    const now = searchClock(Date.now());
    // Keep clear of the sold window's edge so the vehicle is listed (or not) for the whole test.
    const found = listed(slug, now).find(
      (v) => matches(v) && (v.status !== "sold" || (v.sold_date_timestamp ?? 0) > now - SOLD_WINDOW_MS + 3_600_000),
    );
    if (!found) throw new Error(`${slug} has no ${what} in its demo stock`);
    return found;
  }

  const visible = (v: Vehicle) => v.status !== "sold" && !v.sold;

  it("a price of 10 or less shows 'Enquire for price.'; a preorder without a price shows 'PREORDER'", async () => {
    const noPrice = pick("harbourside", "unpriced car", (v) => visible(v) && (v.price ?? 0) <= 10 && !v.preorder);
    expect(await cardOf("harbourside", noPrice)).toMatch(/data-testid="card-price">Enquire for price\.</);
    const preorder = pick("harbourside", "unpriced preorder", (v) => visible(v) && (v.price ?? 0) <= 10 && v.preorder);
    expect(await cardOf("harbourside", preorder)).toMatch(/data-testid="card-price">PREORDER</);
  });

  it("shows the price in whole dollars, and a was-price only when before_price is higher", async () => {
    const discounted = pick(
      "harbourside",
      "discounted car",
      (v) => visible(v) && (v.price ?? 0) > 10 && (v.before_price ?? 0) > (v.price ?? 0),
    );
    const card = await cardOf("harbourside", discounted);
    expect(card).toContain(`data-testid="card-price">$${(discounted.price ?? 0).toLocaleString("en-AU", { maximumFractionDigits: 0 })}<`);
    expect(card).toContain(
      `data-testid="card-was-price">$${(discounted.before_price ?? 0).toLocaleString("en-AU", { maximumFractionDigits: 0 })}<`,
    );
    const notLower = pick(
      "harbourside",
      "car with no higher before_price",
      (v) => visible(v) && (v.price ?? 0) > 10 && (v.before_price === null || v.before_price <= (v.price ?? 0)),
    );
    expect(await cardOf("harbourside", notLower)).not.toContain("card-was-price");
  });

  it("an available car has Enquire, finance (with the spec's query and anchor) and details", async () => {
    const car = pick("harbourside", "priced available car", (v) => visible(v) && v.status === "in_stock" && (v.price ?? 0) > 500);
    const card = decodeHtml(await cardOf("harbourside", car));
    expect(card).toContain('data-testid="card-enquire"');
    expect(card).toContain('data-testid="card-details"');
    const finance = linkHref(card, "card-finance");
    expect(finance).toBe(
      `/finance?preferredDealership=${car.dealership_slug}&vehiclePriceBudget=${car.price}&car_id=${car.id}&car_type=${car.car_type}#finance-form`,
    );
    expect(card).not.toContain("card-similar");
  });

  it("a car with no photo shows the New Arrival placeholder and a Request Photos link", async () => {
    const car = pick("harbourside", "car without photos", (v) => visible(v) && (!v.primary_image_url || v.photos_count === 0));
    const card = await cardOf("harbourside", car);
    expect(card).toContain('data-testid="card-placeholder"');
    expect(card).toContain("New Arrival");
    expect(card).toMatch(/data-testid="card-request-photos"[^>]*>Request Photos</);
  });

  it("the location overlay is city and state; on coastal-campers the location name without ' - Sales'", async () => {
    const car = pick("harbourside", "listed car", visible);
    expect(decodeHtml(await cardOf("harbourside", car))).toContain(`data-testid="card-location">${car.city}, ${car.state}<`);
    const camper = pick("coastal-campers", "camper at a sales location", (v) => visible(v) && v.location_name.includes(" - Sales"));
    const overlay = decodeHtml(await cardOf("coastal-campers", camper));
    expect(overlay).toContain(`data-testid="card-location">${camper.location_name.replace(" - Sales", "")}<`);
    expect(overlay).not.toContain(" - Sales<");
  });

  it("a sold camper says 'Like this and want something similar?' instead of the buttons", async () => {
    const sold = pick("coastal-campers", "recently sold camper", (v) => v.status === "sold");
    const card = await cardOf("coastal-campers", sold);
    expect(card).toContain("JUST SOLD");
    expect(card).toMatch(/data-testid="card-similar"[^>]*>Like this and want something similar\?</);
    expect(card).not.toContain("card-enquire");
    expect(card).not.toContain("card-finance");
  });
});

describe("search backend down", () => {
  let down: { port: number; close: () => Promise<void> };
  beforeAll(async () => {
    const base = tenant("harbourside");
    // Nothing listens on port 1: every search fails to connect.
    const dead: Tenant = { ...base, site: { ...base.site, search: { host: "http://127.0.0.1:1", key_env: null, index: null } } };
    const deadDirectory = new TenantDirectory([dead], { defaultTenant: "harbourside", trustProxy: false });
    down = await startApp({ tenants: deadDirectory, db: server.testDb.handle });
  });
  afterAll(async () => {
    await down?.close();
  });

  it("the results page answers 503 with a retry link to the same address, never a 500", async () => {
    const reply = await request(down.port, "harbourside.localhost", "/search/used-cars?refinementList[body][0]=suv");
    expect(reply.status).toBe(503);
    expect(reply.body).toContain('data-testid="search-error"');
    const retry = decodeURIComponent(decodeHtml(linkHref(reply.body, "search-retry") ?? ""));
    expect(retry).toBe("/search/used-cars?refinementList[body][0]=suv");
    expect(reply.body).toContain("Used SUVs for Sale in Sydney, NSW");
  });

  it("the landing and the API answer 503 too", async () => {
    const landing = await request(down.port, "harbourside.localhost", "/search");
    expect(landing.status).toBe(503);
    const fromApi = await request(down.port, "harbourside.localhost", "/api/search/used-cars");
    expect(fromApi.status).toBe(503);
    expect(JSON.parse(fromApi.body)).toEqual({ error: "Search is temporarily unavailable" });
  });
});

describe("the dealer's rating near its stock", () => {
  it("harbourside's search and vehicle pages show 4.3 out of 5 from 290 reviews, linking to the reviews; southern-used has none", async () => {
    const search = await get("harbourside", "/search/new-used-and-demo-cars");
    expect(search.status).toBe(200);
    const shown =
      /<p class="text-sm" data-testid="dealer-rating"><a [^>]*href="\/#reviews"[^>]*>.*?<span>4\.3 out of 5 from 290 reviews<\/span><\/a><\/p>/;
    expect(search.body).toMatch(shown);
    const car = firstCardHref(search.body);
    const vehicle = await get("harbourside", car);
    expect(vehicle.status).toBe(200);
    expect(vehicle.body).toMatch(shown);
    const home = await get("harbourside", "/");
    expect(home.body).toContain('<section id="reviews"');
    const none = await get("southern-used", "/search/used-cars");
    expect(none.status).toBe(200);
    expect(none.body).not.toContain('data-testid="dealer-rating"');
  });
});

function firstCardHref(html: string): string {
  const href = /data-testid="card-title"[^>]*href="([^"]+)"|href="([^"]+)"[^>]*data-testid="card-title"/.exec(html);
  if (!href) throw new Error("no vehicle card on the page");
  return (href[1] ?? href[2])!;
}
