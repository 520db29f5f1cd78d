import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadTenants } from "~/server/tenants/load";
import { financeProviders, paymentProviders } from "~/server/tenants/schema";
import { generateStock } from "~/scripts/lib/demo-stock";

const tenants = loadTenants(path.resolve("tenants"));
const bySlug = (slug: string) => {
  const tenant = tenants.find((t) => t.slug === slug);
  if (!tenant) throw new Error(`no demo tenant ${slug}`);
  return tenant;
};

describe("demo tenants", () => {
  it("loads all seven site.json files", () => {
    expect(tenants.map((t) => t.slug)).toEqual(
      expect.arrayContaining([
        "harbourside",
        "southern-used",
        "ridgeline-moto",
        "coastal-campers",
        "outback-4x4",
        "kiwi-motors",
        "lakeside-auto",
      ]),
    );
  });

  it("a site that sells no cars never calls its stock cars in its menus (ridgeline sells motorcycles)", () => {
    const noCars = tenants.filter((tenant) => tenant.site.template === "motorcycle");
    expect(noCars.map((tenant) => tenant.slug)).toContain("ridgeline-moto");
    for (const tenant of noCars) {
      const { header, footer } = tenant.site.navigation;
      const labels = [
        ...header.flatMap((item) => [item.label, ...(item.children ?? []).map((child) => child.label)]),
        ...footer.flatMap((column) => column.links.map((link) => link.label)),
      ];
      expect(labels.filter((label) => /\bcars?\b/i.test(label))).toEqual([]);
    }
  });

  it("uses every finance provider, Car Clarity as a second lender in harbourside stock", () => {
    const configured = new Set(tenants.map((t) => t.site.finance_provider));
    const lenders = new Set(
      generateStock(bySlug("harbourside"), { now: 1_750_000_000_000 }).flatMap((v) => Object.keys(v.finance_lenders)),
    );
    for (const provider of financeProviders) expect(configured.has(provider) || lenders.has(provider), provider).toBe(true);
    expect(lenders.has("Car Clarity")).toBe(true);
  });

  it("uses every payment provider", () => {
    const configured = new Set(tenants.map((t) => t.site.payment_provider));
    for (const provider of paymentProviders) expect(configured.has(provider), provider).toBe(true);
  });

  it("gives each tenant its own theme colours and logo file", () => {
    const brands = tenants.map((t) => t.site.theme.brand);
    expect(new Set(brands).size).toBe(brands.length);
    for (const tenant of tenants) expect(tenant.site.logo.url).toBe("/tenant-assets/logo.svg");
  });

  it("outback-4x4 opens as spec 001 §9 says", () => {
    const hours = bySlug("outback-4x4").site.locations[0].contact_detail.opening_hours;
    expect(hours).toHaveLength(7);
    expect(hours[0]).toMatchObject({ weekday: 0, status: "Closed", open: null, close: null });
    for (const weekday of [1, 2, 3, 4, 5]) {
      expect(hours[weekday]).toMatchObject({ weekday, status: "Open", formated_hours: "8:30am-5:00pm", open: "08:30", close: "17:00" });
    }
    expect(hours[6]).toMatchObject({ weekday: 6, status: "Open", formated_hours: "9:00am-12:00pm", open: "09:00", close: "12:00" });
  });

  it("outback-4x4 navigation is spec 001 §2's regional 4x4 site", () => {
    const { navigation, template, default_search_path } = bySlug("outback-4x4").site;
    expect(template).toBe("4x4");
    expect(default_search_path).toBe("/search/4x4");
    expect(navigation.header.map((item) => item.url)).toEqual([
      "/",
      expect.any(String),
      "/search/4x4",
      "/offers/",
      expect.any(String),
      expect.any(String),
    ]);
    expect(navigation.header[2].label).toBe("4x4's for Sale");
    expect(navigation.header[4].children?.map((c) => c.url)).toEqual(["/videos", "/fitting"]);
    expect(navigation.header[5].children?.map((c) => c.url)).toEqual(["/contact-us", "/about-us", "/careers", "/warranty", "/faq"]);

    const products = [...navigation.footerProducts1, ...navigation.footerProducts2].map((l) => l.url);
    expect(products).toHaveLength(23);
    expect(navigation.header[1].children?.map((c) => c.url)).toEqual(products);
    expect(products).toContain("/rear-protection-towing-and-accessories");
    expect(products).toContain("/camping-and-lifestyle");
    expect(navigation.footer.flatMap((column) => column.links.map((l) => l.url))).toEqual([
      "/offers",
      "/videos",
      "/fitting",
      "/contact",
      "/about-us",
      "/careers",
      "/warranty",
      "/faq",
    ]);
  });

  it("carries the per-site switches of the brief", () => {
    expect(bySlug("harbourside").site).toMatchObject({
      dealership_group: "Harbourside Motor Group",
      features: { default_sort: "custom_rank:desc" },
    });
    expect(bySlug("harbourside").site.dealerships).toHaveLength(3);
    expect(bySlug("harbourside").site.locations.map((l) => l.location_type)).toEqual(["sales", "sales", "sales", "service", "parts"]);
    expect(bySlug("southern-used").site.features).toMatchObject({
      default_sort: "price:asc",
      phone_region: "au-mobile",
      form: { submit_label: "Message Now" },
    });
    expect(bySlug("kiwi-motors").site).toMatchObject({ locale: "en-NZ", currency: "NZD", features: { phone_region: "nz" } });
    expect(bySlug("lakeside-auto").site).toMatchObject({
      locale: "en-US",
      currency: "USD",
      distance_unit: "mi",
      features: { certified_used_manufacturer: "Nissan" },
    });
    expect(bySlug("coastal-campers").site.features.similar_text).toBe("Like this and want something similar?");
  });
});
