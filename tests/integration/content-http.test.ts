import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadTenants, type Tenant } from "~/server/tenants/load";
import { TenantDirectory } from "~/server/tenants/resolve";
import { appForFile } from "./support/app-server";
import { request, type HttpReply } from "./support/http";

const tenants = loadTenants();
const outback = tenants.find((t) => t.slug === "outback-4x4")!;
// The demo sites all drop the /pages prefix; this copy of outback-4x4 turns flags.use_pages_path on.
const pagesPathTenant: Tenant = {
  ...outback,
  slug: "outback-pages-path",
  site: { ...outback.site, slug: "outback-pages-path", domains: [], flags: { ...outback.site.flags, use_pages_path: true } },
};
const directory = new TenantDirectory([...tenants, pagesPathTenant], { defaultTenant: "harbourside", trustProxy: false });
const server = appForFile(directory);

function get(tenant: Tenant | string, urlPath: string): Promise<HttpReply> {
  const slug = typeof tenant === "string" ? tenant : tenant.slug;
  return request(server.port, `${slug}.localhost`, urlPath);
}

/** Every site path a tenant's header and footer navigation links to (spec 001 §3 navigation). */
function navigationLinks(tenant: Tenant): string[] {
  const { navigation } = tenant.site;
  const urls: string[] = [];
  const walk = (items: typeof navigation.header) => {
    for (const item of items) {
      urls.push(item.url);
      if (item.children) walk(item.children);
    }
  };
  walk(navigation.header);
  for (const column of navigation.footer) urls.push(...column.links.map((link) => link.url));
  urls.push(...navigation.footerProducts1.map((link) => link.url), ...navigation.footerProducts2.map((link) => link.url));
  return [...new Set(urls.filter((url) => url.startsWith("/")))];
}

describe("every navigation link answers 200 (following at most one redirect)", () => {
  for (const tenant of tenants) {
    it(`${tenant.slug}: header and footer links`, async () => {
      const failures: string[] = [];
      for (const url of navigationLinks(tenant)) {
        let reply = await get(tenant, url);
        let followed = url;
        if (reply.status >= 300 && reply.status < 400 && reply.headers.location) {
          followed = new URL(reply.headers.location, "http://x").pathname + new URL(reply.headers.location, "http://x").search;
          reply = await get(tenant, followed);
        }
        if (reply.status !== 200) failures.push(`${url}${followed === url ? "" : ` -> ${followed}`}: ${reply.status}`);
      }
      expect(failures).toEqual([]);
    });
  }
});

describe("content pages", () => {
  it("shows a product category page with its heading and an enquiry link", async () => {
    const reply = await get("outback-4x4", "/suspension");
    expect(reply.status).toBe(200);
    expect(reply.body).toMatch(/<h1[^>]*>Suspension<\/h1>/);
    expect(reply.body).toContain('href="/vehicle-parts-and-accessories"');
    expect(reply.body).toContain("<title>Suspension | Outback 4x4 Accessories</title>");
  });

  it("sends /pages/{page} to /{page} with a 301 when the site doesn't use the pages path", async () => {
    const reply = await get("outback-4x4", "/pages/warranty?ref=footer");
    expect(reply.status).toBe(301);
    expect(reply.headers.location).toBe("/warranty?ref=footer");
  });

  it("serves /pages/{page} and sends /{page} there with a 301 when the site uses the pages path", async () => {
    expect((await get(pagesPathTenant, "/pages/suspension")).status).toBe(200);
    const reply = await get(pagesPathTenant, "/suspension/");
    expect(reply.status).toBe(301);
    expect(reply.headers.location).toBe("/pages/suspension");
    expect((await get(pagesPathTenant, "/pages/about-us")).headers.location).toBe("/about-us");
  });

  it("sends /contact-us to /contact and /finance-pre-approval to the tenant's finance route", async () => {
    expect((await get("outback-4x4", "/contact-us")).headers.location).toBe("/contact");
    const lakeside = await get("lakeside-auto", "/finance-pre-approval");
    expect(lakeside.status).toBe(301);
    expect(lakeside.headers.location).toBe("/apply-for-finance");
  });

  it("answers /blog with a 404 on a tenant without a news page", async () => {
    expect((await get("harbourside", "/blog")).status).toBe(404);
  });

  it("builds /privacy-policy from site.json", async () => {
    const reply = await get("kiwi-motors", "/privacy-policy");
    expect(reply.status).toBe(200);
    expect(reply.body).toContain("Kiwi Motors Limited");
    expect(reply.body).toContain("utm_campaign");
    expect(reply.body).toContain("Office of the Privacy Commissioner");
  });

  it("lists harbourside's five dealerships with map links in a new tab and call links (through /go/*)", async () => {
    const reply = await get("harbourside", "/dealerships");
    expect(reply.status).toBe(200);
    expect(reply.body.match(/data-testid="location-card"/g)).toHaveLength(5);
    expect(reply.body).toMatch(/href="\/go\/directions\?location=harbourside-[a-z-]+" target="_blank" rel="noopener nofollow"/);
    expect(reply.body).toContain('href="/go/call?to=0255501500&amp;from=%2Fdealerships"');
    expect(reply.body).toContain("Christmas Day");
  });

  it("a group site's footer links its dealership websites in a new tab, on every page; a single dealer's has none", async () => {
    for (const urlPath of ["/", "/contact", "/search/used-cars"]) {
      const reply = await get("harbourside", urlPath);
      const footer = /<nav aria-label="Our dealerships" data-testid="footer-dealerships">([\s\S]*?)<\/nav>/.exec(reply.body)?.[1] ?? "";
      const links = [
        ...footer.matchAll(/<a [^>]*href="([^"]*)" target="_blank" rel="noopener">(?:<img src="([^"]*)"[^>]*>)?([^<]*)<\/a>/g),
      ];
      expect(
        links.map(([, href, logo, name]) => [name, href, logo]),
        urlPath,
      ).toEqual([
        ["Harbourside Toyota", "https://toyota.harbourside.example.com.au/", "/images/makes/toyota.svg"],
        ["Harbourside Mazda", "https://mazda.harbourside.example.com.au/", "/images/makes/mazda.svg"],
        ["Harbourside Hyundai", "https://hyundai.harbourside.example.com.au/", "/images/makes/hyundai.svg"],
      ]);
    }
    expect((await get("southern-used", "/")).body).not.toContain("Our dealerships");
  });

  it("has /dealerships only on harbourside, whose group's features enable it; the other sites answer 404", async () => {
    for (const slug of ["southern-used", "kiwi-motors", "lakeside-auto", "outback-4x4", "ridgeline-moto", "coastal-campers"]) {
      const reply = await get(slug, "/dealerships");
      expect(reply.status, slug).toBe(404);
      expect(reply.body, slug).toContain("Page not found");
      expect((await get(slug, "/pages/dealerships")).status, slug).toBe(404);
    }
  });
});

describe("404s", () => {
  it("an unknown page is a real 404 with the site's friendly error page", async () => {
    const reply = await get("harbourside", "/no-such-page");
    expect(reply.status).toBe(404);
    expect(reply.body).toContain("Page not found");
    expect(reply.body).toContain("Harbourside Motor Group");
  });

  // "/pages/%2e%2e" never reaches the app as a slug: the URL parser folds it to "/" first.
  it.each([
    "/pages/..%2fsite",
    "/%2e%2e%2fsite.json",
    "/pages/%252e%252e%252fsite",
    "/SUSPENSION",
    "/suspension.json",
    "/pages/site.json",
    "/pages/-x",
  ])("hostile or malformed slug %s is a 404", async (urlPath) => {
    const reply = await get("outback-4x4", urlPath);
    expect(reply.status).toBe(404);
    expect(reply.body).not.toContain("dealership_id");
  });

  it("one tenant's content file is never served on another", async () => {
    expect((await get("outback-4x4", "/suspension")).status).toBe(200);
    for (const other of tenants.filter((t) => t.slug !== "outback-4x4")) {
      expect((await get(other, "/suspension")).status).toBe(404);
      expect((await get(other, "/faq")).status).toBe(404);
    }
  });
});

describe("a broken content file", () => {
  const file = path.join(tenants.find((t) => t.slug === "southern-used")!.dir, "pages", "broken-test-page.json");

  beforeAll(() => {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, '{ "title": "Half written", ');
  });
  afterAll(() => rmSync(file, { force: true }));

  it("is a 404, never a 500", async () => {
    expect((await get("southern-used", "/broken-test-page")).status).toBe(404);
  });
});

describe("offers and specials on every site (spec 001 §2)", () => {
  it("/offers answers on every tenant: its own page, or its current promo cards", async () => {
    for (const tenant of tenants) {
      const reply = await get(tenant, "/offers");
      expect(reply.status, tenant.slug).toBe(200);
      expect(reply.body, tenant.slug).toContain('data-testid="content-page"');
    }
    // lakeside-auto has promos and no offers page: the page lists them.
    const lakeside = await get("lakeside-auto", "/offers");
    expect(lakeside.body).toContain('data-page="offers"');
    expect(lakeside.body).toContain("Service specials");
    // kiwi-motors has neither: the page says so.
    expect((await get("kiwi-motors", "/offers")).body).toContain("There are no offers right now.");
  });

  it("/pages/specials and /specials lead to the offers page on every tenant", async () => {
    for (const tenant of tenants) {
      for (const from of ["/pages/specials", "/specials"]) {
        const reply = await get(tenant, from);
        expect(reply.status, `${tenant.slug} ${from}`).toBe(301);
        expect(reply.headers.location, tenant.slug).toBe("/offers");
      }
    }
  });

  it("outback-4x4's accessory link /pages/camping-gear resolves to its camping and lifestyle page", async () => {
    const reply = await get("outback-4x4", "/pages/camping-gear");
    expect(reply.status).toBe(301);
    expect(reply.headers.location).toBe("/camping-and-lifestyle");
    expect((await get("outback-4x4", "/camping-and-lifestyle")).status).toBe(200);
    expect((await get("harbourside", "/pages/camping-gear")).status).toBe(404);
  });
});
