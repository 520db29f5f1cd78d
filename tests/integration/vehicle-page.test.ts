import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { logger } from "~/server/lib/logger";
import type { Db } from "~/server/db/connection";
import { isListed } from "~/server/stock/is-listed";
import { financeAvailable } from "~/server/stock/finance-offer";
import { loadStock } from "~/server/inventory/load-stock";
import type { Vehicle } from "~/server/stock/vehicle";
import { loadTenants, type Tenant } from "~/server/tenants/load";
import { TenantDirectory } from "~/server/tenants/resolve";
import { makeVehicle } from "../fixtures/vehicles";
import { startFakeStockApi, type FakeStockApi } from "./vehicle-fake-stock-api";
import { openTestDb } from "./support/test-db";
import { startApp } from "./support/app-server";
import { request, type HttpReply } from "./support/http";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * The vehicle page over HTTP against the real build: every demo tenant, the dealer stock API
 * (a real local server), a search backend that is down, and the phone reveal recorded in the
 * database the app itself opens (SQLite by default, PostgreSQL when DATABASE_URL is set).
 */

const day = 86_400_000;
const STOCK_API_WEBSITE = 9001;
const demoTenants = loadTenants();
const harbourside = demoTenants.find((tenant) => tenant.slug === "harbourside")!;

let api: FakeStockApi;
let searchDown: { url: string; close: () => Promise<void> };
let server: { port: number; close: () => Promise<void> };
let db: { handle: Db; cleanup: () => Promise<void> };

/** A copy of a demo tenant under another slug with its own settings (it answers at <slug>.localhost). */
function variant(base: Tenant, slug: string, site: Partial<Tenant["site"]>): Tenant {
  return { slug, dir: base.dir, site: { ...base.site, ...site, slug, domains: [] } };
}

/** The database the app's own getDb() will open: env set before the first request. */
async function appDatabase(): Promise<{ handle: Db; cleanup: () => Promise<void> }> {
  return openTestDb({ forApp: true });
}

/** A "Meilisearch" that answers every request with 500. */
async function startBrokenSearch(): Promise<{ url: string; close: () => Promise<void> }> {
  const broken: Server = createServer((_req, res) => {
    res.writeHead(500, { "Content-Type": "application/json" });
    res.end(JSON.stringify({ message: "internal", code: "internal" }));
  });
  await new Promise<void>((resolve) => broken.listen(0, "127.0.0.1", resolve));
  const { port } = broken.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => broken.close(() => resolve())) };
}

beforeAll(async () => {
  db = await appDatabase();
  process.env.VEHICLE_TEST_STOCK_USER = "dealer";
  process.env.VEHICLE_TEST_STOCK_PASS = "secret";
  api = await startFakeStockApi(STOCK_API_WEBSITE);
  searchDown = await startBrokenSearch();
  const tenants = [
    ...demoTenants,
    variant(harbourside, "stock-api-test", {
      stock_api: {
        base_url: api.url,
        website_id: STOCK_API_WEBSITE,
        username_env: "VEHICLE_TEST_STOCK_USER",
        password_env: "VEHICLE_TEST_STOCK_PASS",
      },
      phone: "1300 111 222",
    }),
    variant(harbourside, "search-down-test", { search: { host: searchDown.url, key_env: null, index: null } }),
  ];
  const directory = new TenantDirectory(tenants, { defaultTenant: "harbourside", trustProxy: false });
  server = await startApp({ tenants: directory, db: db.handle });
});

afterAll(async () => {
  await server?.close();
  await api?.close();
  await searchDown?.close();
  await db?.cleanup();
});

const get = (slug: string, urlPath: string): Promise<HttpReply> => request(server.port, `${slug}.localhost`, urlPath);

function post(slug: string, urlPath: string, fields: Record<string, string>): Promise<HttpReply> {
  return request(server.port, `${slug}.localhost`, urlPath, {
    method: "POST",
    body: new URLSearchParams(fields).toString(),
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
}

function listedVehicles(tenant: Tenant, count: number): Vehicle[] {
  const now = Date.now();
  return loadStock(tenant)
    .filter((vehicle) => isListed(vehicle, tenant.site, now))
    .slice(0, count);
}

/**
 * What a visitor can see: the HTML without scripts, except the JSON-LD, and without CSP nonces —
 * a random base64 nonce contains "NaN" about once in 3,000 pages.
 */
function visible(html: string): string {
  return html.replace(/<script(?![^>]*application\/ld\+json)[^>]*>[\s\S]*?<\/script>/g, "").replace(/ nonce="[^"]*"/g, "");
}

/** The element with this data-testid, up to its closing </section> (the phone box). */
function phoneBox(html: string): string {
  const start = html.indexOf('data-testid="vehicle-button-dealer_phone_box"');
  expect(start).toBeGreaterThan(-1);
  return html.slice(start, html.indexOf("</section>", start));
}

function vehicleFor(overrides: Partial<Vehicle>): Vehicle {
  const now = Date.now();
  return makeVehicle({ created_at: new Date(now - 30 * day).toISOString(), created_at_timestamp: now - 30 * day, ...overrides });
}

describe("every demo tenant's first 50 listed vehicles", () => {
  for (const tenant of demoTenants) {
    it(`${tenant.slug}: 200, and nothing shows undefined, NaN or $NaN`, async () => {
      const vehicles = listedVehicles(tenant, 50);
      expect(vehicles.length).toBeGreaterThan(0);
      const base = tenant.site.template === "motorcycle" ? "motorcycles" : tenant.site.template === "camper" ? "campers" : "cars";
      for (const vehicle of vehicles) {
        const reply = await get(tenant.slug, `/${base}/${vehicle.slug}`);
        expect(reply.status, vehicle.slug).toBe(200);
        const html = visible(reply.body);
        expect(html, vehicle.slug).not.toMatch(/undefined|NaN/);
        expect(html).toContain('data-testid="vehicle-title"');
      }
    });
  }
});

describe("a feature switched by manufacturer (spec 001 §6, tenants/feature-sets.json)", () => {
  it("lakeside-auto, manufacturer 18, shows its certified Nissans' certified-used information; kiwi-motors' certified cars have none", async () => {
    const lakeside = demoTenants.find((tenant) => tenant.slug === "lakeside-auto")!;
    const kiwi = demoTenants.find((tenant) => tenant.slug === "kiwi-motors")!;
    const nissan = loadStock(lakeside).find(
      (vehicle) => vehicle.certified && vehicle.make === "Nissan" && isListed(vehicle, lakeside.site, Date.now()),
    );
    const other = loadStock(kiwi).find((vehicle) => vehicle.certified && isListed(vehicle, kiwi.site, Date.now()));
    expect(nissan).toBeDefined();
    expect(other).toBeDefined();
    expect((await get("lakeside-auto", `/cars/${nissan!.slug}`)).body).toContain('data-testid="certified-dialog');
    expect((await get("kiwi-motors", `/cars/${other!.slug}`)).body).not.toContain('data-testid="certified-dialog');
  });
});

describe("bases and slugs", () => {
  const [car] = listedVehicles(harbourside, 1);
  const moto = demoTenants.find((tenant) => tenant.slug === "ridgeline-moto")!;
  const [bike] = listedVehicles(moto, 1);
  const campers = demoTenants.find((tenant) => tenant.slug === "coastal-campers")!;
  const [camper] = listedVehicles(campers, 1);

  it("each template answers on its own base", async () => {
    expect((await get("harbourside", `/cars/${car!.slug}`)).status).toBe(200);
    expect((await get("ridgeline-moto", `/motorcycles/${bike!.slug}`)).status).toBe(200);
    expect((await get("coastal-campers", `/campers/${camper!.slug}`)).status).toBe(200);
  });

  it("the other two bases redirect 301 to the tenant's own, keeping the query", async () => {
    const toCars = await get("harbourside", `/motorcycles/${car!.slug}?disclaimer=1`);
    expect(toCars.status).toBe(301);
    expect(toCars.headers.location).toBe(`/cars/${car!.slug}?disclaimer=1`);
    const toBikes = await get("ridgeline-moto", `/cars/${bike!.slug}`);
    expect(toBikes.status).toBe(301);
    expect(toBikes.headers.location).toBe(`/motorcycles/${bike!.slug}`);
    expect((await get("coastal-campers", `/cars/${camper!.slug}`)).headers.location).toBe(`/campers/${camper!.slug}`);
  });

  it("any other base is a plain 404", async () => {
    const reply = await get("harbourside", `/trucks/${car!.slug}`);
    expect(reply.status).toBe(404);
    expect(reply.body).toContain("Page not found");
  });

  it("hostile slugs are 404 and never reach the stock API", async () => {
    api.requests.length = 0;
    for (const slug of ["..%2F..%2Fetc%2Fpasswd", "abc%00", "a".repeat(5000), "v%C3%A9hicule", "abc.json", "abc%20def", "%3Cscript%3E"]) {
      const reply = await get("stock-api-test", `/cars/${slug}`);
      expect(reply.status, slug.slice(0, 40)).toBe(404);
      expect(reply.body).toContain("Vehicle not found");
      expect(reply.body).not.toContain("<script>alert");
    }
    expect(api.requests).toEqual([]);
  });
});

describe("from the dealer stock API", () => {
  it("shows the vehicle the API returns, asked with Basic authorisation", async () => {
    api.vehicles.set("api-car-1", vehicleFor({ id: 501, slug: "api-car-1", make: "Mazda", model: "CX-5" }));
    const reply = await get("stock-api-test", "/cars/api-car-1");
    expect(reply.status).toBe(200);
    expect(reply.body).toContain("2020 Mazda CX-5 Ascent");
    const [sent] = api.requestsFor("api-car-1");
    expect(sent?.authorization).toBe(`Basic ${Buffer.from("dealer:secret").toString("base64")}`);
    expect(sent?.path).toBe(`/api/websites/${STOCK_API_WEBSITE}/cars/api-car-1.json`);
  });

  it("two failures then success: three requests and the page", async () => {
    api.vehicles.set("api-flaky", vehicleFor({ id: 502, slug: "api-flaky" }));
    api.script("api-flaky", [{ status: 500 }, { status: 502 }]);
    expect((await get("stock-api-test", "/cars/api-flaky")).status).toBe(200);
    expect(api.requestsFor("api-flaky")).toHaveLength(3);
  });

  it("three failures: a friendly 503, no stack trace", async () => {
    api.script("api-down", [{ status: 500 }, { status: 500 }, { status: 500 }]);
    const reply = await get("stock-api-test", "/cars/api-down");
    expect(reply.status).toBe(503);
    expect(reply.headers["retry-after"]).toBe("30");
    expect(reply.body).toContain("We can&#x27;t show this vehicle right now");
    expect(reply.body).not.toMatch(/at .+\.(ts|js):\d+/);
    expect(api.requestsFor("api-down")).toHaveLength(3);
  });

  it("API 404: a 404 page with a search link and other vehicles from the tenant; no retry", async () => {
    const reply = await get("stock-api-test", "/cars/api-missing");
    expect(reply.status).toBe(404);
    expect(reply.body).toContain("Vehicle not found");
    expect(reply.body).toContain('data-testid="vehicle-search-link"');
    expect(reply.body).toContain('data-testid="similar-vehicle"');
    expect(api.requestsFor("api-missing")).toHaveLength(1);
  });

  it("a vehicle not on the website is a 404 with similar vehicles", async () => {
    api.vehicles.set(
      "api-hidden",
      vehicleFor({ id: 503, slug: "api-hidden", show_on_dealer_website: false, simple_body: "suv", price: 40_000 }),
    );
    const reply = await get("stock-api-test", "/cars/api-hidden");
    expect(reply.status).toBe(404);
    expect(reply.body).toContain('data-testid="similar-vehicle"');
  });

  it("a sold vehicle inside the sold window shows 'JUST SOLD', no reserve and no finance", async () => {
    const now = Date.now();
    api.vehicles.set(
      "api-sold",
      vehicleFor({
        id: 504,
        slug: "api-sold",
        status: "sold",
        sold: true,
        sold_date_timestamp: now - day,
        finance_lenders: { Taurus: { interestRate: 7, comparisonRate: 7.5, paymentWeek: 100, termMonths: 60 } },
        payment_processors: [{ authorization_type: "stripe", authorization_key: "pk", deposit_amount: 500 }],
        has_checkout_payment_processor: true,
      }),
    );
    const reply = await get("stock-api-test", "/cars/api-sold");
    expect(reply.status).toBe(200);
    expect(reply.body).toContain("JUST SOLD");
    expect(reply.body).not.toContain('data-testid="vehicle-button-reserve_car_now"');
    expect(reply.body).not.toContain('data-testid="vehicle-finance"');
    expect(reply.body).not.toContain('data-testid="finance-calculator"');
  });

  it("sold outside the window is a 404", async () => {
    api.vehicles.set(
      "api-sold-old",
      vehicleFor({ id: 505, slug: "api-sold-old", status: "sold", sold: true, sold_date_timestamp: Date.now() - 10 * day }),
    );
    expect((await get("stock-api-test", "/cars/api-sold-old")).status).toBe(404);
  });

  it("no location phone: the phone box shows the tenant's main number", async () => {
    const base = vehicleFor({ id: 506, slug: "api-no-phone" });
    api.vehicles.set("api-no-phone", { ...base, location: { ...base.location, phone: null } });
    const reply = await get("stock-api-test", "/cars/api-no-phone");
    expect(reply.status).toBe(200);
    expect(phoneBox(reply.body)).toContain("1300 111 222");
  });

  it("missing optional fields and no photos: no undefined/NaN, the new-arrival placeholder with Request Photos", async () => {
    api.vehicles.set(
      "api-bare",
      vehicleFor({
        id: 507,
        slug: "api-bare",
        km: null,
        price: null,
        badge: null,
        vin: null,
        colour: null,
        seats: null,
        description: null,
        images: [],
      }),
    );
    const reply = await get("stock-api-test", "/cars/api-bare");
    expect(reply.status).toBe(200);
    expect(visible(reply.body)).not.toMatch(/undefined|NaN/);
    expect(reply.body).toContain("New arrival");
    expect(reply.body).toContain('href="/request-photos?car_id=507"');
    expect(reply.body).toContain("Enquire for price.");
  });

  it("Request Photos opens the request-photos form with the car attached and the message optional", async () => {
    const vehicle = listedVehicles(harbourside, 3000).find((candidate) => candidate.photos_count === 0)!;
    expect(vehicle).toBeDefined();
    const page = await get("harbourside", `/cars/${vehicle.slug}`);
    const href = /href="(\/request-photos\?car_id=\d+)"/.exec(page.body)?.[1];
    expect(href).toBe(`/request-photos?car_id=${vehicle.id}`);
    const form = await get("harbourside", href!);
    expect(form.status).toBe(200);
    expect(form.body).toMatch(new RegExp(`<input type="hidden" name="car_id"[^>]*value="${vehicle.id}"`));
    expect(form.body).toContain(`${vehicle.year} ${vehicle.make} ${vehicle.model}`);
    const message = /<textarea[^>]*name="message"[^>]*>/.exec(form.body)?.[0];
    expect(message).toBeDefined();
    expect(message).not.toMatch(/required/);
  });
});

describe("search backend down", () => {
  it("the vehicle page and its enquiry form come from the database, without similar vehicles, and the outage is logged", async () => {
    const warn = vi.spyOn(logger, "warn");
    try {
      const vehicle = listedVehicles(harbourside, 1)[0]!;
      const page = await get("search-down-test", `/cars/${vehicle.slug}`);
      expect(page.status).toBe(200);
      expect(page.body).toContain(`${vehicle.year} ${vehicle.make} ${vehicle.model}`);
      expect(page.body).not.toContain('data-testid="vehicle-unavailable"');
      expect(page.body).not.toContain('data-testid="similar-vehicles"');
      expect(page.body).not.toMatch(/SearchUnavailableError|MeilisearchApiError/);
      const enquire = await get("search-down-test", `/cars/${vehicle.slug}/enquire`);
      expect(enquire.status).toBe(200);
      expect(enquire.body).toContain(`${vehicle.year} ${vehicle.make} ${vehicle.model}`);
      const messages = warn.mock.calls.flatMap((call) => call.filter((arg): arg is string => typeof arg === "string"));
      expect(messages).toContain("search backend unavailable; vehicle pages read from the database, similar vehicles left out");
    } finally {
      warn.mockRestore();
    }
  });
});

describe("SEO", () => {
  it("canonical URL, Open Graph, Twitter card and a JSON-LD Car carrying the CSP nonce", async () => {
    const vehicle = listedVehicles(harbourside, 1)[0]!;
    const reply = await get("harbourside", `/cars/${vehicle.slug}`);
    const canonical = `${harbourside.site.url.replace(/\/$/, "")}/cars/${vehicle.slug}`;
    expect(reply.body).toContain(`<link rel="canonical" href="${canonical}"/>`);
    expect(reply.body).toMatch(/<meta property="og:image" content="https:\/\/[^"]+_image\?url=[^"]+w=1200/);
    expect(reply.body).toContain('<meta name="twitter:card" content="summary_large_image"/>');
    const nonce = /'nonce-([^']+)'/.exec(String(reply.headers["content-security-policy"]))?.[1];
    const match = /<script type="application\/ld\+json" nonce="([^"]+)"[^>]*>([\s\S]*?)<\/script>/.exec(reply.body);
    expect(match?.[1]).toBe(nonce);
    const ld = JSON.parse(match![2]!) as Record<string, unknown>;
    expect(ld).toMatchObject({
      "@type": "Car",
      url: canonical,
      brand: { name: vehicle.make },
      offers: { "@type": "Offer", priceCurrency: "AUD" },
    });
  });

  it("a subscription car's JSON-LD price is its sale price; the weekly subscription is a separate offer", async () => {
    const southern = demoTenants.find((tenant) => tenant.slug === "southern-used")!;
    const vehicle = listedVehicles(southern, 400).find(
      (candidate) => (candidate.subscription_price ?? 0) > 0 && (candidate.price ?? 0) > 10,
    )!;
    const reply = await get("southern-used", `/cars/${vehicle.slug}`);
    const ld = JSON.parse(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/.exec(reply.body)![1]!) as { offers: unknown };
    expect(ld.offers).toEqual([
      expect.objectContaining({ price: vehicle.price }),
      expect.objectContaining({ priceSpecification: expect.objectContaining({ price: vehicle.subscription_price, unitCode: "WEE" }) }),
    ]);
  });
});

describe("finance without JavaScript", () => {
  const vehicle = () => {
    const found = listedVehicles(harbourside, 200).find(
      (candidate) =>
        candidate.status === "in_stock" &&
        (candidate.price ?? 0) > 1000 &&
        candidate.finance_lenders.Taurus &&
        candidate.year > new Date().getUTCFullYear() - 12,
    );
    expect(found).toBeDefined();
    return found!;
  };

  it("the calculator's GET form renders its result on the server", async () => {
    const reply = await get("harbourside", `/cars/${vehicle().slug}?price=30000&deposit=3000&rate=10&term=60&balloon=0`);
    expect(reply.status).toBe(200);
    expect(reply.body).toContain('data-testid="calculator-result"');
    expect(reply.body).toContain("$27,000");
  });

  it("?disclaimer=1 renders the finance disclaimer dialog open", async () => {
    const closed = await get("harbourside", `/cars/${vehicle().slug}`);
    expect(closed.body).toMatch(/<dialog id="finance-disclaimer"(?![^>]*open)/);
    const open = await get("harbourside", `/cars/${vehicle().slug}?disclaimer=1`);
    expect(open.body).toMatch(/<dialog id="finance-disclaimer" open=""/);
  });
});

describe("forms from the vehicle page preselect its dealership (preferredDealership)", () => {
  /** The value of the selected option of a select, or null when only the empty "choose" option is. */
  function selected(html: string, name: string): string | null {
    const select = new RegExp(`<select[^>]*name="${name}"[^>]*>([\\s\\S]*?)</select>`).exec(html)?.[1] ?? "";
    return /<option[^>]*value="([^"]*)"[^>]*selected=""/.exec(select)?.[1] || null;
  }

  it("the Get finance link opens the finance form with the vehicle's dealership chosen", async () => {
    const vehicle = listedVehicles(harbourside, 500).find(
      (candidate) => candidate.dealership_slug !== harbourside.site.dealerships[0]!.slug && financeAvailable(candidate, harbourside.site),
    )!;
    const page = await get("harbourside", `/cars/${vehicle.slug}`);
    const href = /<a[^>]*href="(\/finance\?[^"]*)"[^>]*data-testid="vehicle-button-get_finance"/
      .exec(page.body)?.[1]
      ?.replace(/&amp;/g, "&");
    expect(href).toContain(`preferredDealership=${vehicle.dealership_slug}`);
    const form = await get("harbourside", href!);
    expect(form.status).toBe(200);
    expect(selected(form.body, "dealership_slug")).toBe(vehicle.dealership_slug);
  });

  it("any form honours ?preferredDealership= when the site has that dealership, and ignores one it doesn't", async () => {
    const other = harbourside.site.dealerships[1]!.slug;
    expect(selected((await get("harbourside", `/contact?preferredDealership=${other}`)).body, "dealership_slug")).toBe(other);
    expect(selected((await get("harbourside", "/contact?preferredDealership=not-ours")).body, "dealership_slug")).toBeNull();
    expect(selected((await get("harbourside", "/contact")).body, "dealership_slug")).toBeNull();
  });
});

describe("phone reveal (spec 000 §2, §7)", () => {
  const southern = demoTenants.find((tenant) => tenant.slug === "southern-used")!;
  const vehicle = listedVehicles(southern, 50).find((candidate) => candidate.location.phone !== null)!;
  const page = `/cars/${vehicle.slug}`;
  const revealsFor = (carId: number) => db.handle.db.selectFrom("phone_reveals").selectAll().where("car_id", "=", carId).execute();

  it("before the reveal the box shows the first 5 characters and the button", async () => {
    const reply = await get("southern-used", page);
    const box = phoneBox(reply.body);
    expect(box).toContain(`${vehicle.location.phone!.slice(0, 5)}${"*".repeat(vehicle.location.phone!.length - 5)}`);
    expect(box).not.toContain(vehicle.location.phone!);
    expect(box).toContain("Click to reveal phone number");
  });

  it("masks every number on the page until the reveal: header, footer, JSON-LD, no tel: links", async () => {
    const html = visible((await get("southern-used", page)).body);
    const numbers = [
      vehicle.location.phone!,
      southern.site.phone,
      ...southern.site.locations.map((location) => location.contact_detail.phone),
    ];
    for (const number of numbers) expect(html).not.toContain(number);
    expect(html).not.toContain('href="tel:');
    const masked = (number: string) => `${number.slice(0, 5)}${"*".repeat(number.length - 5)}`;
    expect(html).toMatch(
      new RegExp(`data-testid="header-phone"><span aria-hidden="true">${masked(southern.site.phone).replace(/[()*]/g, "\\$&")}<`),
    );
    expect(html).toContain('data-testid="footer-phone"');
    const ld = JSON.parse(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/.exec(html)![1]!) as {
      offers: { seller: Record<string, unknown> } | Array<{ seller: Record<string, unknown> }>;
    };
    // A subscription car has two offers (sale and weekly subscription): neither names the number.
    for (const offer of [ld.offers].flat()) expect(offer.seller).not.toHaveProperty("telephone");
  });

  it("keeps the site's numbers out of the page source too (the data the page hydrates from)", async () => {
    const source = (await get("southern-used", page)).body;
    for (const number of [southern.site.phone, ...southern.site.locations.map((location) => location.contact_detail.phone)]) {
      expect(source).not.toContain(number);
    }
  });

  it("after the reveal (and on other pages) the header and footer show the numbers again", async () => {
    const revealed = visible((await get("southern-used", `${page}?phone=revealed`)).body);
    expect(revealed).toMatch(
      new RegExp(`href="/go/call\\?to=[^"]+"[^>]*data-testid="header-phone">${southern.site.phone.replace(/[()]/g, "\\$&")}<`),
    );
    const contact = visible((await get("southern-used", "/contact")).body);
    expect(contact).toContain(southern.site.phone);
  });

  it("a GET with ?phone=revealed shows the number and records nothing", async () => {
    const reply = await get("southern-used", `${page}?phone=revealed`);
    expect(phoneBox(reply.body)).toContain(vehicle.location.phone!);
    expect(await revealsFor(vehicle.id)).toEqual([]);
  });

  it("without JS: the POST records car_id, dealership_id, website_id and redirects 303 to the revealed page", async () => {
    const reply = await post("southern-used", page, { intent: "reveal-phone", car_id: String(vehicle.id) });
    expect(reply.status).toBe(303);
    expect(reply.headers.location).toBe(`${page}?phone=revealed#phone-box-heading`);
    const rows = await revealsFor(vehicle.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      tenant: "southern-used",
      car_id: vehicle.id,
      dealership_id: vehicle.dealership_id,
      website_id: southern.site.id,
    });
  });

  it("with JS (a fetcher): JSON with the number, one more row", async () => {
    const reply = await post("southern-used", `${page}?_data=${encodeURIComponent("routes/$base.$slug")}`, {
      intent: "reveal-phone",
      respond: "json",
    });
    expect(reply.status).toBe(200);
    expect(JSON.parse(reply.body)).toEqual({
      carId: vehicle.id,
      phone: vehicle.location.phone,
      telHref: `tel:${vehicle.location.phone!.replace(/[^\d+]/g, "")}`,
      sitePhone: southern.site.phone,
      primaryPhone: southern.site.locations[0]!.contact_detail.phone,
    });
    expect(await revealsFor(vehicle.id)).toHaveLength(2);
  });

  it("the car id comes from the vehicle, never from the form", async () => {
    await post("southern-used", page, { intent: "reveal-phone", car_id: "999999" });
    expect(await revealsFor(999_999)).toEqual([]);
    expect(await revealsFor(vehicle.id)).toHaveLength(3);
  });

  it("refuses an unknown intent (400) and a hostile slug (404) without recording", async () => {
    expect((await post("southern-used", page, { intent: "delete-everything" })).status).toBe(400);
    expect((await post("southern-used", "/cars/..%2Fx", { intent: "reveal-phone" })).status).toBe(404);
    expect(await revealsFor(vehicle.id)).toHaveLength(3);
  });

  it("a site without phone reveal shows the number and records nothing", async () => {
    const car = listedVehicles(harbourside, 5).find((candidate) => candidate.location.phone !== null)!;
    const reply = await get("harbourside", `/cars/${car.slug}`);
    const box = phoneBox(reply.body);
    expect(box).toContain(car.location.phone!);
    expect(box).not.toContain("Click to reveal phone number");
    await post("harbourside", `/cars/${car.slug}`, { intent: "reveal-phone" });
    expect(await revealsFor(car.id)).toEqual([]);
  });
});
