import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ConfigError } from "~/server/tenants/config-error";
import { parseFeatureSets, withFeatureSets, type FeatureSets } from "~/server/tenants/feature-sets";
import { loadTenants, parseSiteFile } from "~/server/tenants/load";
import { baseSiteInput } from "../fixtures/tenant";

const sets: FeatureSets = {
  groups: { "Harbourside Motor Group": { default_sort: "price:asc", phone_reveal: true, form: { last_name: true } } },
  manufacturers: { "18": { default_sort: "created_at_timestamp:desc", certified_used_manufacturer: "Nissan", form: { postcode: true } } },
};

const site = (overrides: Record<string, unknown>) =>
  parseSiteFile("site.json", JSON.stringify({ ...baseSiteInput(), ...overrides }), undefined, sets);

describe("features switched by group and manufacturer (spec 001 §6)", () => {
  it("a site gets its manufacturer's set, its group's over that, and its own over both", () => {
    const features = site({ manufacturer_id: 18, dealership_group: "Harbourside Motor Group", features: { phone_reveal: false } }).features;
    expect(features).toMatchObject({
      default_sort: "price:asc",
      certified_used_manufacturer: "Nissan",
      phone_reveal: false,
      form: { last_name: true, postcode: true, submit_label: "Enquire Now" },
    });
  });

  it("the form switches merge one level deep, the site's own winning", () => {
    const form = site({ dealership_group: "Harbourside Motor Group", features: { form: { last_name: false, where_did_you_hear: true } } })
      .features.form;
    expect(form).toMatchObject({ last_name: false, where_did_you_hear: true });
  });

  it("a site of no group and no listed manufacturer keeps the defaults", () => {
    expect(site({ manufacturer_id: 7, dealership_group: "Another Group" }).features).toEqual(site({}).features);
    expect(site({}).features.default_sort).toBe("custom_rank:desc");
  });

  it("a features value of the wrong shape is still the site schema's error", () => {
    expect(withFeatureSets({ dealership_group: "Harbourside Motor Group", features: [] }, sets)).toEqual({
      dealership_group: "Harbourside Motor Group",
      features: [],
    });
  });

  it("feature-sets.json names what is wrong in one line", () => {
    const parse = (value: unknown) => () => parseFeatureSets("tenants/feature-sets.json", JSON.stringify(value));
    expect(parse({ groups: { G: { hover_open: true } } })).toThrow(
      new ConfigError('tenants/feature-sets.json: groups.G.hover_open: unknown feature "hover_open"'),
    );
    expect(parse({ manufacturers: { "18": { default_sort: "sideways" } } })).toThrow(
      /^tenants\/feature-sets\.json: manufacturers\.18\.default_sort: /,
    );
    expect(parse({ manufacturers: { nissan: {} } })).toThrow(/manufacturers\.nissan: expected a manufacturer_id/);
    expect(parse({ brands: {} })).toThrow(/\(root\): unknown field "brands"/);
    expect(() => parseFeatureSets("tenants/feature-sets.json", "{")).toThrow(/\(root\): invalid JSON/);
  });
});

describe("the demo's group and manufacturer sets (tenants/feature-sets.json)", () => {
  const tenants = loadTenants(path.resolve("tenants"));
  const bySlug = (slug: string) => tenants.find((tenant) => tenant.slug === slug)!;
  const ownFeatures = (slug: string): Record<string, unknown> =>
    (JSON.parse(readFileSync(path.resolve("tenants", slug, "site.json"), "utf8")) as { features: Record<string, unknown> }).features;

  it("Harbourside Motor Group's hover menus and locations page come from the group", () => {
    expect(ownFeatures("harbourside")).not.toHaveProperty("header_hover_open");
    expect(bySlug("harbourside").site.features).toMatchObject({ header_hover_open: true, locations_page: true });
    expect(bySlug("southern-used").site.features).toMatchObject({ header_hover_open: false, locations_page: false });
  });

  it("the certified used label of manufacturer 18 (Nissan) comes from the manufacturer", () => {
    expect(ownFeatures("lakeside-auto")).not.toHaveProperty("certified_used_manufacturer");
    expect(bySlug("lakeside-auto").site).toMatchObject({ manufacturer_id: 18, features: { certified_used_manufacturer: "Nissan" } });
    expect(bySlug("kiwi-motors").site.features.certified_used_manufacturer).toBeNull();
  });

  const root = mkdtempSync(path.join(tmpdir(), "forecourt-feature-sets-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("a tenants folder without feature-sets.json loads its sites as they are", () => {
    mkdirSync(path.join(root, "harbourside"));
    writeFileSync(
      path.join(root, "harbourside", "site.json"),
      JSON.stringify({ ...baseSiteInput(), dealership_group: "Harbourside Motor Group" }),
    );
    expect(loadTenants(root)[0]?.site.features.header_hover_open).toBe(false);
    writeFileSync(
      path.join(root, "feature-sets.json"),
      JSON.stringify({ groups: { "Harbourside Motor Group": { header_hover_open: true } } }),
    );
    expect(loadTenants(root)[0]?.site.features.header_hover_open).toBe(true);
  });
});
