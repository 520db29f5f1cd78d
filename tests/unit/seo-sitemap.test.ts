import { describe, expect, it } from "vitest";
import { SITEMAP_MAX_URLS, sitemapUrls, sitemapXml } from "~/server/seo/sitemap";
import { robotsTxt } from "~/server/seo/robots-txt";
import { makeTenant } from "../fixtures/tenant";
import { makeVehicle } from "../fixtures/vehicles";
import { sitemapXsdErrors } from "../fixtures/sitemap/sitemap-xsd";

const tenant = makeTenant({
  navigation: {
    header: [
      { label: "Home", url: "/" },
      { label: "Used", url: "/search/used-cars/" },
      { label: "Offers", url: "/offers/" },
      { label: "Company", url: "/about-us", children: [{ label: "Contact", url: "/contact-us" }] },
      { label: "Specials", url: "/pages/specials" },
      { label: "Filtered", url: "/search/used-cars?refinementList[city][0]=Sydney" },
      { label: "Maker", url: "https://www.toyota.com.au/" },
    ],
    footer: [
      {
        heading: "Help",
        links: [
          { label: "Finance", url: "/finance-pre-approval" },
          { label: "Finance", url: "/finance" },
        ],
      },
    ],
  },
});
const vehicles = [
  makeVehicle({ id: 1, make: "Toyota", car_type: "used" }),
  makeVehicle({ id: 2, make: "Mazda", car_type: "new" }),
  makeVehicle({ id: 3, make: "Zhongtong", car_type: "used" }),
];
const origin = "https://harbourside.example";

describe("sitemapUrls", () => {
  const urls = sitemapUrls({ tenant, contentSlugs: ["offers", "warranty"], vehicles });

  it("lists home, navigation pages, built-in and content pages, listing shortcuts and every listed vehicle, once each", () => {
    expect(urls[0]).toBe(`${origin}/`);
    expect(urls).toEqual(
      expect.arrayContaining([
        `${origin}/contact`,
        `${origin}/about-us`,
        `${origin}/privacy-policy`,
        `${origin}/offers`,
        `${origin}/warranty`,
        `${origin}/specials`,
        `${origin}/finance`,
        `${origin}/search`,
        `${origin}/search/new-used-and-demo-cars`,
        `${origin}/search/used-cars`,
        `${origin}/search/new-cars`,
        `${origin}/search/toyota`,
        `${origin}/search/mazda`,
        `${origin}/cars/vehicle-1`,
        `${origin}/cars/vehicle-2`,
        `${origin}/cars/vehicle-3`,
      ]),
    );
    expect(new Set(urls).size).toBe(urls.length);
  });

  it("leaves out redirects, trailing slashes, queries, other sites and car types or makes without a path", () => {
    expect(urls.some((url) => url.endsWith("/contact-us") || url.endsWith("/finance-pre-approval"))).toBe(false);
    expect(urls.some((url) => url !== `${origin}/` && url.endsWith("/"))).toBe(false);
    expect(urls.some((url) => url.includes("?") || !url.startsWith(origin))).toBe(false);
    expect(urls).not.toContain(`${origin}/search/demo-cars`);
    expect(urls.some((url) => url.toLowerCase().includes("zhongtong") && url.includes("/search/"))).toBe(false);
    expect(urls).not.toContain(`${origin}/dealerships`);
  });

  it("lists the site's own finance route for any finance link (the others redirect to it)", () => {
    const other = makeTenant({ navigation: tenant.site.navigation, features: { finance_route: "/finance-enquiry" } });
    const listed = sitemapUrls({ tenant: other, contentSlugs: [], vehicles: [] });
    expect(listed).toContain(`${origin}/finance-enquiry`);
    expect(listed).not.toContain(`${origin}/finance`);
  });

  it("puts vehicles of the motorcycle site under /motorcycles", () => {
    const moto = makeTenant({ template: "motorcycle" });
    expect(sitemapUrls({ tenant: moto, contentSlugs: [], vehicles: [makeVehicle({ id: 9 })] })).toContain(
      `${origin}/motorcycles/vehicle-9`,
    );
  });

  it("keeps at most 50,000 URLs, pages first", () => {
    const many = Array.from({ length: SITEMAP_MAX_URLS + 10 }, (_, i) => ({ slug: `v-${i}`, make: "Toyota", car_type: "used" as const }));
    const capped = sitemapUrls({ tenant, contentSlugs: [], vehicles: many });
    expect(capped).toHaveLength(SITEMAP_MAX_URLS);
    expect(capped[0]).toBe(`${origin}/`);
  });
});

describe("sitemapXml", () => {
  it("is valid against the sitemaps.org 0.9 schema", () => {
    const xml = sitemapXml(sitemapUrls({ tenant, contentSlugs: ["offers"], vehicles }));
    expect(sitemapXsdErrors(xml)).toBe("");
    expect(xml).toContain(`<url><loc>${origin}/cars/vehicle-1</loc></url>`);
  });

  it("escapes markup characters so a URL with & stays valid", () => {
    const xml = sitemapXml([`${origin}/search/used-cars?a=1&b=2`]);
    expect(xml).toContain("a=1&amp;b=2");
    expect(sitemapXsdErrors(xml)).toBe("");
  });

  it("the schema check itself fails on an invalid sitemap", () => {
    expect(sitemapXsdErrors(sitemapXml([]))).not.toBe("");
    expect(sitemapXsdErrors(sitemapXml(["not a url"]))).not.toBe("");
  });
});

describe("robotsTxt", () => {
  it("allows crawling, keeps the APIs and thank-you page out and names the sitemap", () => {
    const text = robotsTxt(tenant.site);
    expect(text).toMatch(/^User-agent: \*\nAllow: \/\n/);
    expect(text).toContain("Disallow: /api/\n");
    expect(text).toContain("Disallow: /success\n");
    expect(text).toContain(`Sitemap: ${origin}/sitemap.xml\n`);
  });
});
