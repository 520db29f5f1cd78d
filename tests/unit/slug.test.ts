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
  const makeSlug = (make: string) => knownMake(make)?.slug ?? slugify(make);
  itMaps(makeSlug, {
    "maps the named aliases": [
      ["Isuzu Ute", "isuzu"],
      ["GWM", "gwm-haval"],
      ["Haval", "gwm-haval"],
      ["GWM Haval", "gwm-haval"],
      ["Suzuki Australia", "suzuki"],
      ["Mercedes-Benz", "mercedes-benz"],
      ["Mercedes Benz", "mercedes-benz"],
      ["SsangYong", "ssangyong"],
      ["KGM", "ssangyong"],
      ["KGM SsangYong", "ssangyong"],
    ],
    "slugifies any other make": [
      ["Toyota", "toyota"],
      ["Isuzu", "isuzu"],
      ["Land Rover", "land-rover"],
      ["Citroën", "citroen"],
      ["ŠKODA", "skoda"],
      ["Suzuki", "suzuki"],
    ],
  });
});
