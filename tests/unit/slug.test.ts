import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { slugify } from "~/server/lib/slug";
import { knownMake } from "~/server/search/makes";

describe("slugify (spec 001 §5)", () => {
  it("trims, lowercases and turns non-alphanumerics into hyphens", () => {
    expect(slugify("  Toyota  ")).toBe("toyota");
    expect(slugify("Land Cruiser")).toBe("land-cruiser");
    expect(slugify("General Enquiry")).toBe("general-enquiry");
    expect(slugify("4x4")).toBe("4x4");
  });

  it("collapses runs and trims hyphens at the ends", () => {
    expect(slugify("Mercedes-Benz  C 200!")).toBe("mercedes-benz-c-200");
    expect(slugify("--Hi--Lux--")).toBe("hi-lux");
    expect(slugify("Ute / Tray")).toBe("ute-tray");
    expect(slugify("!!!")).toBe("");
    expect(slugify("Bull Bars & Canopies")).toBe("bull-bars-canopies");
    expect(slugify("Under $10,000")).toBe("under-10-000");
    expect(slugify("2.5i-S")).toBe("2-5i-s");
  });

  it("folds accented letters to plain ones (the slugify package's character map)", () => {
    expect(slugify("Citroën")).toBe("citroen");
    expect(slugify("Škoda")).toBe("skoda");
    expect(slugify("Citroën C5 Aircross")).toBe("citroen-c5-aircross");
    expect(slugify("Škoda Octavia RS")).toBe("skoda-octavia-rs");
    expect(slugify("Straße")).toBe("strasse");
    expect(slugify("Ø ÅÆ")).toBe("o-aae");
    expect(slugify("Citroe\u0308n")).toBe("citroen");
  });

  it("on plain ASCII text is exactly the spec's rule: lowercase, runs of non-alphanumerics to one hyphen", () => {
    const specRule = (text: string) =>
      text
        .trim()
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, "-")
        .replace(/^-+|-+$/g, "");
    const ascii = fc.string({ unit: fc.constantFrom(..." -_/&$.,!?'\"+:;()[]{}<>|%*#@~`^=\\aAbBzZ09xX".split("")) });
    fc.assert(
      fc.property(ascii, (text) => {
        expect(slugify(text)).toBe(specRule(text));
      }),
      { numRuns: 2000 },
    );
  });

  it("drops letters it cannot spell in Latin rather than leaving a broken slug", () => {
    expect(slugify("丰田 Toyota")).toBe("toyota");
  });
});

describe("make aliases (spec 000 §9): one table, server/search/makes.ts", () => {
  it("maps the named aliases", () => {
    expect(knownMake("Isuzu Ute")?.slug ?? slugify("Isuzu Ute")).toBe("isuzu");
    expect(knownMake("GWM")?.slug ?? slugify("GWM")).toBe("gwm-haval");
    expect(knownMake("Haval")?.slug ?? slugify("Haval")).toBe("gwm-haval");
    expect(knownMake("GWM Haval")?.slug ?? slugify("GWM Haval")).toBe("gwm-haval");
    expect(knownMake("Suzuki Australia")?.slug ?? slugify("Suzuki Australia")).toBe("suzuki");
    expect(knownMake("Mercedes-Benz")?.slug ?? slugify("Mercedes-Benz")).toBe("mercedes-benz");
    expect(knownMake("Mercedes Benz")?.slug ?? slugify("Mercedes Benz")).toBe("mercedes-benz");
    expect(knownMake("SsangYong")?.slug ?? slugify("SsangYong")).toBe("ssangyong");
    expect(knownMake("KGM")?.slug ?? slugify("KGM")).toBe("ssangyong");
    expect(knownMake("KGM SsangYong")?.slug ?? slugify("KGM SsangYong")).toBe("ssangyong");
  });

  it("slugifies any other make", () => {
    expect(knownMake("Toyota")?.slug ?? slugify("Toyota")).toBe("toyota");
    expect(knownMake("Isuzu")?.slug ?? slugify("Isuzu")).toBe("isuzu");
    expect(knownMake("Land Rover")?.slug ?? slugify("Land Rover")).toBe("land-rover");
    expect(knownMake("Citroën")?.slug ?? slugify("Citroën")).toBe("citroen");
    expect(knownMake("ŠKODA")?.slug ?? slugify("ŠKODA")).toBe("skoda");
    expect(knownMake("Suzuki")?.slug ?? slugify("Suzuki")).toBe("suzuki");
  });
});
