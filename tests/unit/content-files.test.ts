import { readdirSync, readFileSync, existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { aboutView, dealershipsView } from "~/server/content/built-in-pages";
import { contentPageSchema, PAGE_SLUG } from "~/server/content/page-schema";
import { privacyPage } from "~/server/content/privacy-page";
import { loadTenants } from "~/server/tenants/load";

const tenants = loadTenants();

describe("demo content files", () => {
  for (const tenant of tenants) {
    const dir = path.join(tenant.dir, "pages");
    if (!existsSync(dir)) continue;
    for (const name of readdirSync(dir)) {
      it(`${tenant.slug}/pages/${name} is a valid content page with a valid slug`, () => {
        expect(name.endsWith(".json") && PAGE_SLUG.test(name.slice(0, -5))).toBe(true);
        const result = contentPageSchema.safeParse(JSON.parse(readFileSync(path.join(dir, name), "utf8")));
        expect(result.success ? [] : result.error.issues).toEqual([]);
      });
    }
  }

  it("uses US spelling on lakeside-auto", () => {
    const lakeside = tenants.find((t) => t.slug === "lakeside-auto")!;
    const text = JSON.stringify(privacyPage(lakeside.site)) + JSON.stringify(aboutView(lakeside.site));
    expect(text).not.toMatch(/\b\w+(isation|ised|ising|colour|centre|tyre)\b/i);
    expect(text).not.toMatch(/enquir|postcode/i);
    expect(text).toContain("ZIP code");
  });
});

describe("built-in pages from site.json", () => {
  const harbourside = tenants.find((t) => t.slug === "harbourside")!.site;

  it("the privacy statement names the company, the form fields, the tracked parameters and how to ask for deletion", () => {
    const text = JSON.stringify(privacyPage(harbourside));
    for (const needle of [
      harbourside.company_name,
      "name, email address, phone number, postcode and message",
      "gclid",
      "fbclid",
      "utm_source",
      "delete",
      harbourside.phone,
    ]) {
      expect(text).toContain(needle);
    }
  });

  it("about-us lists the dealerships with their makes and every location", () => {
    const view = aboutView(harbourside);
    expect(view.dealerships.map((d) => d.manufacturers)).toEqual([["Toyota"], ["Mazda"], ["Hyundai"]]);
    expect(view.locations).toHaveLength(5);
    expect(view.intro).toContain("Sydney, NSW");
  });

  it("dealerships groups harbourside's five locations sales, service, parts with its holiday hours", () => {
    const view = dealershipsView(harbourside);
    expect(view.groups.map((g) => [g.heading, g.locations.length])).toEqual([
      ["Sales", 3],
      ["Service", 1],
      ["Parts", 1],
    ]);
    expect(view.specialHours[0]).toEqual({ label: "Christmas Day", date: "Thursday 25 December 2025", hours: "Closed" });
  });
});
