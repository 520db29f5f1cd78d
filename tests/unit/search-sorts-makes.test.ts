import { describe, expect, it } from "vitest";
import { canonicalMake, knownMakes, makeBySlug, makeSpellings } from "~/server/search/makes";
import { bodyTypes, bodyPathSlug } from "~/server/search/paths";
import { allowedSort, defaultSort, sortOptions } from "~/server/search/sorts";
import { makeTenant } from "../fixtures/tenant";

describe("sort options (spec 000 §9)", () => {
  it("offers all six by default, in order, with Kms labels", () => {
    expect(sortOptions(makeTenant())).toEqual([
      { value: "custom_rank:desc", label: "Most Relevant" },
      { value: "created_at_timestamp:desc", label: "Latest" },
      { value: "price:desc", label: "Highest Price" },
      { value: "price:asc", label: "Lowest Price" },
      { value: "km:desc", label: "Highest Kms" },
      { value: "km:asc", label: "Lowest Kms" },
    ]);
  });

  it("leaves out the kms options when the site switches them off", () => {
    const options = sortOptions(makeTenant({ features: { kms_sort_options: false } }));
    expect(options.map((option) => option.label)).toEqual(["Most Relevant", "Latest", "Highest Price", "Lowest Price"]);
    expect(allowedSort(makeTenant({ features: { kms_sort_options: false } }), "km:asc")).toBeNull();
  });

  it("says Miles on sites measuring in miles", () => {
    const labels = sortOptions(makeTenant({ distance_unit: "mi", locale: "en-US", currency: "USD" })).map((option) => option.label);
    expect(labels.slice(4)).toEqual(["Highest Miles", "Lowest Miles"]);
  });

  it("takes the default from the site", () => {
    expect(defaultSort(makeTenant())).toBe("custom_rank:desc");
    expect(defaultSort(makeTenant({ features: { default_sort: "price:asc" } }))).toBe("price:asc");
    expect(defaultSort(makeTenant({ features: { default_sort: "created_at_timestamp:desc" } }))).toBe("created_at_timestamp:desc");
  });

  it("accepts only the site's sort values", () => {
    const tenant = makeTenant();
    expect(allowedSort(tenant, "price:desc")).toBe("price:desc");
    expect(allowedSort(tenant, "price:DESC")).toBeNull();
    expect(allowedSort(tenant, "views:desc")).toBeNull();
  });
});

describe("make aliases (spec 000 §9)", () => {
  it.each([
    ["Isuzu Ute", "Isuzu", "isuzu"],
    ["GWM", "GWM", "gwm-haval"],
    ["Haval", "GWM", "gwm-haval"],
    ["Suzuki Australia", "Suzuki", "suzuki"],
    ["Mercedes-Benz", "Mercedes-Benz", "mercedes-benz"],
    ["KGM", "SsangYong", "ssangyong"],
    ["ssangyong", "SsangYong", "ssangyong"],
  ])("%s is the make %s at /search/%s", (spelling, name, slug) => {
    expect(canonicalMake(spelling)).toBe(name);
    expect(makeBySlug(slug)?.name).toBe(name);
  });

  it("leaves unknown makes alone", () => {
    expect(canonicalMake("Proton")).toBe("Proton");
    expect(makeSpellings("Proton")).toEqual(["Proton"]);
  });

  it("has no make slug that another search path uses", () => {
    const taken = new Set([
      "used-cars",
      "demo-cars",
      "new-cars",
      "new-and-demo-cars",
      "new-used-and-demo-cars",
      "7-seater-cars",
      "subscription-cars",
      "trucks",
      "rental-cars",
      "motorcycles",
      "rvs",
      "campers",
      ...bodyTypes.map(bodyPathSlug),
    ]);
    for (const make of knownMakes) for (const slug of [make.slug, ...make.slugAliases]) expect(taken.has(slug)).toBe(false);
  });
});
