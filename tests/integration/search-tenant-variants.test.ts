/**
 * Search on site configurations the demo tenants don't cover, over HTTP against the production
 * build: a default city refinement (spec 000 §2 "Two specific tenants get a default city
 * refinement"); preset categories as a site's default path (spec 000 §2 default path examples);
 * a miles site's odometer filter (spec 000 §1).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { searchClock } from "~/server/search/run-search";
import type { Vehicle } from "~/server/stock/vehicle";
import { formatDistance } from "~/server/lib/format";
import { loadTenants, type Tenant } from "~/server/tenants/load";
import { TenantDirectory } from "~/server/tenants/resolve";
import { makeTenant } from "../fixtures/tenant";
import { appForFile } from "./support/app-server";
import { decodeHtml, linkHref } from "./support/html-text";
import { request, type HttpReply } from "./support/http";

const harboursideDir = path.resolve("tenants/harbourside");
const harboursideStock: Vehicle[] = (JSON.parse(readFileSync(path.join(harboursideDir, "stock.json"), "utf8")) as { vehicles: Vehicle[] })
  .vehicles;

/** A test site over a copy of harbourside's stock. */
function variant(overrides: Parameters<typeof makeTenant>[0], dir = harboursideDir): Tenant {
  return { ...makeTenant(overrides), dir };
}

const defaultCity = "Arncliffe";
const cityTenant = variant({ slug: "city-default", features: { default_city_refinement: defaultCity } });

/**
 * southern-used's stock with some trucks (item type truck, or a light truck body), some cars in the
 * Rental category and some with a subscription price: what each preset must list.
 */
const presetDir = mkdtempSync(path.join(tmpdir(), "forecourt-presets-"));
const presetStock: Vehicle[] = (
  JSON.parse(readFileSync(path.resolve("tenants/southern-used/stock.json"), "utf8")) as { vehicles: Vehicle[] }
).vehicles.map((vehicle, index) => ({
  ...vehicle,
  item_type: index % 23 === 0 ? "truck" : vehicle.item_type,
  categories: index % 17 === 0 ? [...vehicle.categories, "Rental"] : vehicle.categories,
  subscription_price: index % 13 === 0 ? 129 : null,
}));
writeFileSync(path.join(presetDir, "stock.json"), JSON.stringify({ generated_at: new Date().toISOString(), vehicles: presetStock }));
const presetMatches: Record<string, (vehicle: Vehicle) => boolean> = {
  "subscription-cars": (v) => (v.subscription_price ?? 0) > 0,
  trucks: (v) => v.item_type === "truck" || v.body === "lightTruck",
  "rental-cars": (v) => v.categories.includes("Rental"),
};
const presetTitles: Record<string, string> = {
  "subscription-cars": "Subscription Cars in Newcastle, NSW",
  trucks: "Trucks for Sale in Newcastle, NSW",
  "rental-cars": "Rental Cars in Newcastle, NSW",
};
const presetVisitor = variant({ slug: "preset-visitor" }, presetDir);
const presetDefaults = Object.keys(presetMatches).map((preset) =>
  variant({ slug: `default-${preset}`, default_search_path: preset }, presetDir),
);

const milesTenant = loadTenants().find((t) => t.slug === "lakeside-auto")!;
const milesStock: Vehicle[] = (JSON.parse(readFileSync(path.join(milesTenant.dir, "stock.json"), "utf8")) as { vehicles: Vehicle[] })
  .vehicles;

const server = appForFile(
  () =>
    new TenantDirectory([cityTenant, presetVisitor, ...presetDefaults, milesTenant], { defaultTenant: cityTenant.slug, trustProxy: false }),
);

afterAll(() => {
  rmSync(presetDir, { recursive: true, force: true });
});

const get = (tenant: Tenant, urlPath: string, headers: Record<string, string> = {}) =>
  request(server.port, `${tenant.slug}.localhost`, urlPath, { headers });

function pageTotal(html: string): number {
  const text = /data-testid="search-total">([\d,]+) /.exec(html)?.[1];
  if (text === undefined) throw new Error("no total on the page");
  return Number(text.replace(/,/g, ""));
}

/** Cookies a browser would send back: name=value of every Set-Cookie, the newest winning. */
function withCookies(jar: Map<string, string>, reply: HttpReply): void {
  for (const line of reply.headers["set-cookie"] ?? []) {
    const pair = line.split(";")[0] ?? "";
    const name = pair.slice(0, pair.indexOf("="));
    if (name) jar.set(name, pair);
  }
}

/**
 * Follows redirects the way a browser does (cookies kept, both document redirects and Remix's
 * X-Remix-Redirect for JS navigations), failing where a browser would say ERR_TOO_MANY_REDIRECTS.
 */
async function follow(tenant: Tenant, start: string, jar = new Map<string, string>()): Promise<{ reply: HttpReply; visited: string[] }> {
  const visited: string[] = [];
  let next = start;
  for (let hop = 0; hop < 10; hop++) {
    visited.push(next);
    const reply = await get(tenant, next, jar.size > 0 ? { Cookie: [...jar.values()].join("; ") } : {});
    withCookies(jar, reply);
    const location = reply.headers.location ?? reply.headers["x-remix-redirect"];
    const target = typeof location === "string" ? location : undefined;
    if (!target || (reply.status !== 204 && (reply.status < 300 || reply.status >= 400))) return { reply, visited };
    const url = new URL(target, "http://x");
    if (next.includes("_data=")) url.searchParams.set("_data", "routes/search.$");
    next = `${url.pathname}${url.search}`;
  }
  throw new Error(`too many redirects: ${visited.join(" → ")}`);
}

// spec 000 §4: 3 days = 259200000 ms.
const SOLD_WINDOW_MS = 259_200_000;

/** Our own reading of the spec's stock filter at `now`. */
function listed(vehicles: Vehicle[], now: number): Vehicle[] {
  return vehicles.filter(
    (v) =>
      v.show_on_dealer_website &&
      (v.status === "in_stock" ||
        v.status === "coming_soon" ||
        (v.sold_date_timestamp !== null && v.sold_date_timestamp >= now - SOLD_WINDOW_MS)),
  );
}

/** A page and the minute-rounded clock it was answered with (the server rounds "now" to the minute). */
async function atStableClock(run: () => Promise<HttpReply>): Promise<{ reply: HttpReply; now: number }> {
  for (;;) {
    const before = searchClock(Date.now());
    const reply = await run();
    if (searchClock(Date.now()) === before) return { reply, now: before };
  }
}

const listedInCity = listed(harboursideStock, Date.now()).filter((v) => v.city === defaultCity).length;

describe("a site with a default city refinement", () => {
  it("lists the default city's cars until the shopper clears it", async () => {
    const { reply, now } = await atStableClock(() => get(cityTenant, "/search/used-cars"));
    expect(reply.status).toBe(200);
    const expected = listed(harboursideStock, now).filter((v) => v.car_type === "used" && v.city === defaultCity).length;
    expect(expected).toBeGreaterThan(0);
    expect(pageTotal(reply.body)).toBe(expected);
  });

  it("'Clear all' lands on a page (JS off: document navigation), without the default city, and stays there", async () => {
    const jar = new Map<string, string>();
    const first = await get(cityTenant, "/search/used-cars?refinementList[body][0]=suv");
    withCookies(jar, first);
    const clearAll = decodeHtml(linkHref(first.body, "clear-all") ?? "");
    expect(clearAll).not.toBe("");
    const { reply } = await follow(cityTenant, clearAll, jar);
    expect(reply.status).toBe(200);
    expect(reply.body).toContain('data-testid="search-results"');
    // Every city: more cars than the default city alone, and no further 'Clear all'.
    expect(pageTotal(reply.body)).toBeGreaterThan(listedInCity);
    expect(reply.body).not.toContain('data-testid="clear-all"');
    // The bare listing address keeps the cleared state (the stored suffix brings back "no city").
    const again = await follow(cityTenant, "/search/new-used-and-demo-cars", jar);
    expect(again.reply.status).toBe(200);
    expect(pageTotal(again.reply.body)).toBe(pageTotal(reply.body));
  });

  it("an old 'no city' link (refinementList[city]=) redirects once to the current form", async () => {
    const { reply, visited } = await follow(cityTenant, "/search/new-used-and-demo-cars?refinementList[city]=");
    expect(reply.status).toBe(200);
    expect(visited).toEqual([
      "/search/new-used-and-demo-cars?refinementList[city]=",
      "/search/new-used-and-demo-cars?refinementList[city][0]=",
    ]);
  });

  it("the price landing's results keep the default city, and count it", async () => {
    const reply = await get(cityTenant, "/search?price_min=20000&price_max=40000");
    expect(reply.status).toBe(302);
    expect(reply.headers.location).toBe(
      "/search/new-used-and-demo-cars?refinementList[city][0]=Arncliffe&range[price]=20000:40000&sortBy=price:desc",
    );
    const landing = await atStableClock(() => get(cityTenant, "/search"));
    const inCity = listed(harboursideStock, landing.now).filter(
      (v) => v.city === defaultCity && v.price !== null && v.price >= 5000 && v.price <= 250000,
    ).length;
    expect(landing.reply.body).toMatch(new RegExp(`Show Me (<!-- -->)?${inCity.toLocaleString("en-AU")}(<!-- -->)? (<!-- -->)?cars`));
  });

  it("every landing tile counts what the page it opens lists (spec 000 §2 tiles)", async () => {
    type ShownTile = { href: string; label: string; count: number };
    const tileLink =
      /<a (?=[^>]*data-testid="tile")[^>]*\bhref="([^"]*)"[^>]*>[\s\S]*?<span class="font-semibold">([^<]*)<\/span><span[^>]*>([\d,]+)<\/span>/g;
    const toNumber = (text: string) => Number(text.replace(/,/g, ""));
    /** The page's total as its loader gives it to the page (a JS navigation), without drawing the page. */
    async function pageCount(href: string): Promise<number> {
      const reply = await get(cityTenant, `${href}${href.includes("?") ? "&" : "?"}_data=routes%2Fsearch.%24`);
      expect(reply.status, href).toBe(200);
      const data = JSON.parse(reply.body) as { view: { totalText: string } };
      return toNumber(data.view.totalText.split(" ")[0] ?? "");
    }
    for (;;) {
      const before = searchClock(Date.now());
      const landing = await get(cityTenant, "/search");
      expect(landing.status).toBe(200);
      const tiles: ShownTile[] = [...landing.body.matchAll(tileLink)].map(([, href = "", label = "", count = ""]) => ({
        href: decodeHtml(href),
        label: decodeHtml(label),
        count: toNumber(count),
      }));
      // Makes, bodies and the default facets' tiles (fuel, transmission, drive, colour, seats, location).
      for (const section of ["make", "body", "simple_fuel", "simple_transmission", "colour", "location_name"]) {
        expect(landing.body).toContain(`data-testid="${section}-tiles"`);
      }
      const opened: ShownTile[] = [];
      for (const tile of tiles) opened.push({ ...tile, count: await pageCount(tile.href) });
      const toyota = tiles.find((tile) => tile.label === "Toyota");
      // The Toyota tile's page as a shopper without JavaScript gets it.
      const toyotaPage = toyota ? pageTotal((await get(cityTenant, toyota.href)).body) : null;
      const agree = JSON.stringify(opened) === JSON.stringify(tiles) && toyotaPage === toyota?.count;
      // A count can move only with the clock (a sold car leaving the window): then read them again.
      if (!agree && searchClock(Date.now()) !== before) continue;
      expect(tiles.length).toBeGreaterThan(30);
      expect(opened).toEqual(tiles);
      expect(toyotaPage).toBe(toyota?.count);
      // The default city is what made them differ: Toyota has cars in other cities too.
      const toyotaEverywhere = listed(harboursideStock, before).filter((v) => v.make === "Toyota").length;
      expect(toyota?.count).toBeLessThan(toyotaEverywhere);
      return;
    }
  }, 120_000);

  it("'Clear all' as a JS navigation (loader data request) settles on data, not a redirect loop", async () => {
    const first = await get(cityTenant, "/search/used-cars");
    const clearAll = decodeHtml(linkHref(first.body, "clear-all") ?? "");
    const separator = clearAll.includes("?") ? "&" : "?";
    const { reply } = await follow(cityTenant, `${clearAll}${separator}_data=routes%2Fsearch.%24`);
    expect(reply.status).toBe(200);
    const data = JSON.parse(reply.body) as { status: string };
    expect(data.status).toBe("ok");
  });
});

describe("preset categories filter what their names say, as a site's default path and as a visited path", () => {
  const pageTitle = (html: string) => decodeHtml(/data-testid="search-title">([^<]*)</.exec(html)?.[1] ?? "");

  for (const [preset, matches] of Object.entries(presetMatches)) {
    for (const site of [presetVisitor, presetDefaults.find((t) => t.slug === `default-${preset}`)!]) {
      it(`/search/${preset} on ${site.slug}`, async () => {
        const { reply, now } = await atStableClock(() => get(site, `/search/${preset}`));
        expect(reply.status).toBe(200);
        expect(pageTitle(reply.body)).toBe(presetTitles[preset]);
        const everything = listed(presetStock, now);
        const expected = everything.filter(matches).length;
        expect(expected).toBeGreaterThan(0);
        expect(expected).toBeLessThan(everything.length);
        expect(pageTotal(reply.body)).toBe(expected);
      });
    }
  }

  it("the landing's 'Browse all' on a preset-default site counts the preset", async () => {
    const site = presetDefaults.find((t) => t.slug === "default-trucks")!;
    const { reply, now } = await atStableClock(() => get(site, "/search"));
    expect(reply.status).toBe(200);
    const trucks = listed(presetStock, now).filter(presetMatches.trucks!).length;
    expect(reply.body).toMatch(
      new RegExp(`<a (?=[^>]*href="/search/trucks")[^>]*data-testid="browse-all"[^>]*>Browse all (<!-- -->)?${trucks}(<!-- -->)? `),
    );
  });
});

describe("a miles site's odometer filter (lakeside-auto, en-US)", () => {
  const shownMiles = (v: Vehicle) => Number((formatDistance(v.km, milesTenant.site) ?? "").replace(/[^\d]/g, ""));

  it("40,000–50,000 mi lists exactly the cars whose cards show 40,000–50,000 mi", async () => {
    const { reply, now } = await atStableClock(() => get(milesTenant, "/search/new-used-and-demo-cars?range[km]=40000:50000"));
    expect(reply.status).toBe(200);
    const expected = listed(milesStock, now).filter((v) => v.km !== null && shownMiles(v) >= 40_000 && shownMiles(v) <= 50_000);
    expect(expected.length).toBeGreaterThan(0);
    expect(pageTotal(reply.body)).toBe(expected.length);
    const chips = [...reply.body.matchAll(/>([\d,]+) mi</g)].map((match) => Number(match[1]!.replace(/,/g, "")));
    expect(chips.length).toBeGreaterThan(0);
    for (const miles of chips) {
      expect(miles).toBeGreaterThanOrEqual(40_000);
      expect(miles).toBeLessThanOrEqual(50_000);
    }
  });
});
