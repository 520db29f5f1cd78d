import { describe, expect, it } from "vitest";
import { isListed } from "~/server/stock/is-listed";
import { isSold } from "~/server/stock/availability";
import { loadTenants, type Tenant } from "~/server/tenants/load";
import { TenantDirectory } from "~/server/tenants/resolve";
import type { Vehicle } from "~/server/stock/vehicle";
import { sitemapXsdErrors } from "../fixtures/sitemap/sitemap-xsd";
import { appForFile } from "./support/app-server";
import { request, type HttpReply } from "./support/http";

const tenants = loadTenants();
const bySlug = (slug: string) => tenants.find((t) => t.slug === slug)!;
const directory = new TenantDirectory(tenants, { defaultTenant: "harbourside", trustProxy: false });
const THREE = ["harbourside", "outback-4x4", "lakeside-auto"] as const;
const server = appForFile(directory);

function get(slug: string, urlPath: string): Promise<HttpReply> {
  return request(server.port, `${slug}.localhost`, urlPath);
}

async function listed(tenant: Tenant): Promise<Vehicle[]> {
  const now = Date.now();
  return (await server.services.stock.loadVehicles(tenant.slug)).filter((vehicle) => isListed(vehicle, tenant.site, now));
}

const origin = (tenant: Tenant) => new URL(tenant.site.url).origin;
const canonicalOf = (body: string) => /<link rel="canonical" href="([^"]+)"\/>/.exec(body)?.[1] ?? null;
const robotsOf = (body: string) => /<meta name="robots" content="([^"]+)"\/>/.exec(body)?.[1] ?? null;
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!.replace(/&amp;/g, "&"));

const unescape = (html: string) =>
  html
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

/** An indexable page names the site after its own title (' | {site}') and has a meta description. */
function metadataFailures(tenant: Tenant, path: string, body: string): string[] {
  const title = unescape(/<title>([^<]*)<\/title>/.exec(body)?.[1] ?? "");
  const description = /<meta name="description" content="([^"]*)"\/>/.exec(body)?.[1] ?? "";
  const failures: string[] = [];
  // The home page leads with the site's name instead ('{site} | {city}, {state}').
  const named = path === "/" ? title.startsWith(`${tenant.site.name} | `) : title.endsWith(` | ${tenant.site.name}`);
  if (!named) failures.push(`${path}: title '${title}' does not name the site`);
  if (description.trim() === "") failures.push(`${path}: no meta description`);
  return failures;
}

describe.each(THREE)("%s: robots.txt, sitemap and vehicle feed", (slug) => {
  const tenant = bySlug(slug);

  it("robots.txt names the sitemap and keeps the lead API out", async () => {
    const reply = await get(slug, "/robots.txt");
    expect(reply.status).toBe(200);
    expect(reply.headers["content-type"]).toMatch(/^text\/plain/);
    expect(reply.body).toContain(`Sitemap: ${origin(tenant)}/sitemap.xml`);
    expect(reply.body).toContain("Disallow: /api/");
  });

  it("sitemap.xml is valid sitemap 0.9, lists every listed vehicle, and every page in it answers 200", async () => {
    const reply = await get(slug, "/sitemap.xml");
    expect(reply.status).toBe(200);
    expect(reply.headers["content-type"]).toMatch(/^application\/xml/);
    expect(sitemapXsdErrors(reply.body)).toBe("");
    const urls = locs(reply.body);
    const vehicles = await listed(tenant);
    const vehicleUrls = urls.filter((url) => /\/(cars|motorcycles|campers)\//.test(url));
    expect(vehicleUrls).toHaveLength(vehicles.length);
    expect(vehicles.length).toBeGreaterThan(0);
    expect(urls).toContain(`${origin(tenant)}/`);
    const pages = urls.filter((url) => !vehicleUrls.includes(url));
    const failures: string[] = [];
    for (const url of pages) {
      expect(url.startsWith(origin(tenant))).toBe(true);
      const path = url.slice(origin(tenant).length) || "/";
      const page = await get(slug, path);
      if (page.status !== 200) failures.push(`${path}: ${page.status}`);
      failures.push(...metadataFailures(tenant, path, page.body));
    }
    expect(failures).toEqual([]);
    // a vehicle URL in the sitemap is a real page
    const first = vehicleUrls[0]!.slice(origin(tenant).length);
    expect((await get(slug, first)).status).toBe(200);
  });

  it("the vehicle ads feed lists the unsold vehicles with a price, with the Merchant Center fields", async () => {
    const reply = await get(slug, "/feeds/vehicle-ads.xml");
    expect(reply.status).toBe(200);
    expect(reply.body).toContain('xmlns:g="http://base.google.com/ns/1.0"');
    const items = [...reply.body.matchAll(/<item>(.*?)<\/item>/g)].map((m) => m[1]!);
    const vehicles = await listed(tenant);
    expect(items.length).toBeGreaterThan(0);
    expect(items.length).toBeLessThanOrEqual(vehicles.filter((v) => !isSold(v)).length);
    for (const name of ["id", "title", "description", "link", "image_link", "price", "condition", "brand", "model", "year", "store_code"]) {
      expect(items[0]).toMatch(new RegExp(`<g:${name}>[^<]+</g:${name}>`));
    }
    expect(items.every((item) => /<g:price>\d+\.\d\d (AUD|USD|NZD)<\/g:price>/.test(item))).toBe(true);
    expect(items.filter((item) => !/<g:availability>(in_stock|preorder)<\/g:availability>/.test(item))).toEqual([]);
    expect(items.filter((item) => !/<g:mileage>\d+ (km|miles)<\/g:mileage>/.test(item))).toEqual([]);
    const sold = vehicles.find(isSold);
    if (sold) expect(reply.body).not.toContain(`<g:id>${sold.stocknum}</g:id>`);
    if (tenant.site.locale === "en-AU")
      expect(reply.body).toMatch(/<g:vehicle_price_type>(drive_away_price|excluding_government_charges_price)</);
    else expect(reply.body).not.toContain("vehicle_price_type");
    if (tenant.site.distance_unit === "mi") expect(reply.body).toMatch(/<g:mileage>\d+ miles<\/g:mileage>/);
  });
});

describe("canonical links, robots meta, JSON-LD and share tags", () => {
  const harbourside = bySlug("harbourside");
  const o = origin(harbourside);

  it("every kind of page has its canonical link; search keeps filters, drops sortBy and the trailing slash", async () => {
    expect(canonicalOf((await get("harbourside", "/?utm_source=x")).body)).toBe(`${o}/`);
    expect(canonicalOf((await get("harbourside", "/offers")).body)).toBe(`${o}/offers`);
    expect(canonicalOf((await get("harbourside", "/contact")).body)).toBe(`${o}/contact`);
    expect(canonicalOf((await get("harbourside", "/search/used-cars/")).body)).toBe(`${o}/search/used-cars`);
    const filtered = await get("harbourside", "/search/used-cars?refinementList%5Bbody%5D%5B0%5D=suv&sortBy=price:asc");
    expect(canonicalOf(filtered.body)).toBe(`${o}/search/used-cars?refinementList%5Bbody%5D%5B0%5D=suv`);
  });

  it("noindex,follow on search pages with more than one refinement or a text query, not on shortcuts", async () => {
    expect(robotsOf((await get("harbourside", "/search/used-cars")).body)).toBeNull();
    expect(robotsOf((await get("harbourside", "/search/toyota")).body)).toBeNull();
    expect(robotsOf((await get("harbourside", "/search/used-cars?refinementList%5Bbody%5D%5B0%5D=suv")).body)).toBe("noindex,follow");
    expect(robotsOf((await get("harbourside", "/search/new-used-and-demo-cars?q=wildtrak")).body)).toBe("noindex,follow");
  });

  it("AutoDealer JSON-LD with address, phone, hours and geo on home and contact", async () => {
    for (const path of ["/", "/contact"]) {
      const body = (await get("lakeside-auto", path)).body;
      const json = /<script type="application\/ld\+json" nonce="[^"]+" data-testid="dealer-json-ld">(.*?)<\/script>/.exec(body)?.[1];
      expect(json, path).toBeDefined();
      const ld = JSON.parse(json!) as Record<string, unknown>;
      expect(ld).toMatchObject({
        "@type": "AutoDealer",
        name: bySlug("lakeside-auto").site.name,
        address: { "@type": "PostalAddress", addressCountry: "US" },
        geo: { "@type": "GeoCoordinates" },
      });
      expect(ld.telephone).toBeTruthy();
      expect((ld.openingHoursSpecification as unknown[]).length).toBeGreaterThan(0);
    }
  });

  it("home and content pages carry a 1200×630 share image from /_image, which really is 1200×630", async () => {
    for (const path of ["/", "/offers"]) {
      const body = (await get("harbourside", path)).body;
      expect(body).toContain('<meta property="og:image:width" content="1200"/>');
      expect(body).toContain('<meta property="og:image:height" content="630"/>');
      expect(body).toContain(`<meta property="og:url" content="${o}${path}"/>`);
    }
    const image = /<meta property="og:image" content="([^"]+)"\/>/.exec((await get("harbourside", "/")).body)![1]!.replace(/&amp;/g, "&");
    const reply = await get("harbourside", image.slice(o.length));
    expect(reply.status).toBe(200);
  });

  it("a motorcycle page describes a schema.org Motorcycle", async () => {
    const moto = bySlug("ridgeline-moto");
    const vehicle = (await listed(moto)).find((v) => v.item_type === "motorcycle")!;
    const body = (await get("ridgeline-moto", `/motorcycles/${vehicle.slug}`)).body;
    expect(body).toContain('"@type":"Motorcycle"');
  });

  it.each(tenants.map((tenant) => tenant.slug))(
    "%s: search, contact and content pages carry the site's name and a description",
    async (slug) => {
      const tenant = bySlug(slug);
      const failures: string[] = [];
      for (const path of ["/search", "/contact", "/privacy-policy"]) {
        const page = await get(slug, path);
        if (page.status === 200) failures.push(...metadataFailures(tenant, path, page.body));
      }
      expect(failures).toEqual([]);
    },
  );

  it("a 404 page has a <title>", async () => {
    const reply = await get("harbourside", "/no/such/page");
    expect(reply.status).toBe(404);
    expect(reply.body).toMatch(/<title>[^<]+<\/title>/);
  });
});
