import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { slugify } from "~/server/lib/slug";
import { knownMake } from "~/server/search/makes";
import { itMaps } from "../fixtures/table-tests";

describe("slugify (spec 001 §5)", () => {
  itMaps(slugify, {
    "trims, lowercases and turns non-alphanumerics into hyphens": [
      ["  Toyota  ", "toyota"],
      ["Land Cruiser", "land-cruiser"],
      ["General Enquiry", "general-enquiry"],
      ["4x4", "4x4"],
    ],
    "collapses runs and trims hyphens at the ends": [
      ["Mercedes-Benz  C 200!", "mercedes-benz-c-200"],
      ["--Hi--Lux--", "hi-lux"],
      ["Ute / Tray", "ute-tray"],
      ["!!!", ""],
      ["Bull Bars & Canopies", "bull-bars-canopies"],
      ["Under $10,000", "under-10-000"],
      ["2.5i-S", "2-5i-s"],
    ],
    "folds accented letters to plain ones (the slugify package's character map)": [
      ["Citroën", "citroen"],
      ["Škoda", "skoda"],
      ["Citroën C5 Aircross", "citroen-c5-aircross"],
      ["Škoda Octavia RS", "skoda-octavia-rs"],
      ["Straße", "strasse"],
      ["Ø ÅÆ", "o-aae"],
      ["Citroe\u0308n", "citroen"],
    ],
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
