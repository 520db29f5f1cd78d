import { describe, expect, it } from "vitest";
import { resolveContentPath } from "~/server/content/resolve-path";
import { makeTenant } from "../fixtures/tenant";

const off = makeTenant().site;
const on = makeTenant({ flags: { ...makeTenant().site.flags, use_pages_path: true } }).site;
const files = new Set(["warranty", "offers", "news"]);
const hasFile = (slug: string) => files.has(slug);

describe("resolveContentPath: the /pages prefix (spec 001 §2)", () => {
  it("serves /{page} and sends /pages/{page} to it when the site doesn't use the pages path", () => {
    expect(resolveContentPath("/warranty", off, hasFile)).toEqual({ kind: "file", slug: "warranty" });
    expect(resolveContentPath("/pages/warranty", off, hasFile)).toEqual({ kind: "redirect", location: "/warranty" });
  });

  it("serves /pages/{page} and sends /{page} to it when flags.use_pages_path is on", () => {
    expect(resolveContentPath("/pages/warranty", on, hasFile)).toEqual({ kind: "file", slug: "warranty" });
    expect(resolveContentPath("/warranty", on, hasFile)).toEqual({ kind: "redirect", location: "/pages/warranty" });
  });

  it("accepts a trailing slash without a redirect", () => {
    expect(resolveContentPath("/offers/", off, hasFile)).toEqual({ kind: "file", slug: "offers" });
    expect(resolveContentPath("/pages/offers/", on, hasFile)).toEqual({ kind: "file", slug: "offers" });
  });

  it("answers 404 for a page without a file, with or without the prefix", () => {
    expect(resolveContentPath("/faq", off, hasFile)).toEqual({ kind: "not-found" });
    expect(resolveContentPath("/pages/faq", off, hasFile)).toEqual({ kind: "not-found" });
    expect(resolveContentPath("/pages/faq", on, hasFile)).toEqual({ kind: "not-found" });
  });

  it("keeps built-in pages at /{page} whatever the flag says", () => {
    for (const site of [off, on]) {
      expect(resolveContentPath("/about-us", site)).toEqual({ kind: "built-in", page: "about-us" });
      expect(resolveContentPath("/privacy-policy", site)).toEqual({ kind: "built-in", page: "privacy-policy" });
      expect(resolveContentPath("/pages/about-us", site)).toEqual({ kind: "redirect", location: "/about-us" });
    }
  });

  it("has /dealerships only on the site whose config enables the locations page (spec 001 §2)", () => {
    const locations = makeTenant({ features: { locations_page: true } }).site;
    expect(resolveContentPath("/dealerships", locations)).toEqual({ kind: "built-in", page: "dealerships" });
    expect(resolveContentPath("/pages/dealerships", locations)).toEqual({ kind: "redirect", location: "/dealerships" });
    for (const site of [off, on]) {
      expect(resolveContentPath("/dealerships", site)).toEqual({ kind: "not-found" });
      expect(resolveContentPath("/pages/dealerships", site)).toEqual({ kind: "not-found" });
    }
  });
});

describe("resolveContentPath: aliases (spec 001 §2 link rules)", () => {
  it("sends /contact-us to /contact", () => {
    expect(resolveContentPath("/contact-us", off, hasFile)).toEqual({ kind: "redirect", location: "/contact" });
    expect(resolveContentPath("/pages/contact-us", on, hasFile)).toEqual({ kind: "redirect", location: "/contact" });
  });

  it("sends /blog to the news page only when the tenant has one", () => {
    expect(resolveContentPath("/blog", off, hasFile)).toEqual({ kind: "redirect", location: "/news" });
    expect(resolveContentPath("/blog", on, hasFile)).toEqual({ kind: "redirect", location: "/pages/news" });
    expect(resolveContentPath("/blog", off, () => false)).toEqual({ kind: "not-found" });
  });

  it("sends /finance-pre-approval to the tenant's own finance route", () => {
    expect(resolveContentPath("/finance-pre-approval", off)).toEqual({ kind: "redirect", location: "/finance" });
    const enquiry = makeTenant({ features: { finance_route: "/finance-enquiry" } }).site;
    expect(resolveContentPath("/finance-pre-approval", enquiry)).toEqual({ kind: "redirect", location: "/finance-enquiry" });
  });
});

describe("resolveContentPath: slugs", () => {
  const hostile = [
    "/..",
    "/pages/..",
    "/pages/%2e%2e%2fsite",
    "/%2e%2e%2fsite",
    "/Warranty",
    "/-warranty",
    "/warranty.json",
    "/war_ranty",
    "/pages/a/b",
    "/a/b",
    "/",
    `/${"a".repeat(82)}`,
  ];

  it.each(hostile)("%s is a 404 without asking for a file", (pathname) => {
    const asked: string[] = [];
    const result = resolveContentPath(pathname, off, (slug) => {
      asked.push(slug);
      return true;
    });
    expect(result).toEqual({ kind: "not-found" });
    expect(asked).toEqual([]);
  });

  it("accepts the longest allowed slug", () => {
    const slug = "a".repeat(81);
    expect(resolveContentPath(`/${slug}`, off, () => true)).toEqual({ kind: "file", slug });
  });
});
