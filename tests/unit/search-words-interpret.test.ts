import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { withinOneEdit } from "~/server/search/embedded/text";
import { interpretQuery, queryWords } from "~/server/search/words/interpret";
import { singulars } from "~/server/search/words/vocabulary";
import { dealerFacets, dealerVocabulary } from "./search-words-fixture";

const vocabulary = dealerVocabulary();
const read = (text: string) => interpretQuery(text, vocabulary);

describe("the six phrases shoppers typed", () => {
  it("toyota suv under 40k", () => {
    expect(read("toyota suv under 40k")).toEqual({
      carTypes: [],
      refinements: { make: ["Toyota"], body: ["suv"] },
      ranges: { price: { max: 40000 } },
      sort: null,
      text: "",
      missing: [],
    });
  });
  it("7 seater diesel", () => {
    expect(read("7 seater diesel")).toMatchObject({ refinements: { seats: ["7"], simple_fuel: ["Diesel"] }, ranges: {}, text: "" });
  });
  it("used hilux under 50,000 km: a model implies its make", () => {
    expect(read("used hilux under 50,000 km")).toMatchObject({
      carTypes: ["used"],
      refinements: { make: ["Toyota"], model: ["HiLux"] },
      ranges: { km: { max: 50000 } },
      text: "",
    });
  });
  it("hybrid suv 2021 onwards", () => {
    expect(read("hybrid suv 2021 onwards")).toMatchObject({
      refinements: { simple_fuel: ["Hybrid"], body: ["suv"] },
      ranges: { year: { min: 2021 } },
      text: "",
    });
  });
  it("white hiace", () => {
    expect(read("white hiace")).toMatchObject({ refinements: { colour: ["White"], make: ["Toyota"], model: ["HiAce"] }, text: "" });
  });
  it("suv with tow bar", () => {
    expect(read("suv with tow bar")).toMatchObject({ refinements: { body: ["suv"], filtered_features: ["Tow Bar"] }, text: "" });
  });
});

describe("makes and models", () => {
  it.each([
    ["merc", { make: ["Mercedes-Benz"] }],
    ["Mercedes Benz", { make: ["Mercedes-Benz"] }],
    ["vw golf", { make: ["Volkswagen"], model: ["Golf"] }],
    ["cx5", { make: ["Mazda"], model: ["CX-5"] }],
    ["CX-5", { make: ["Mazda"], model: ["CX-5"] }],
    ["cx 5", { make: ["Mazda"], model: ["CX-5"] }],
    ["landcruiser", { make: ["Toyota"], model: ["LandCruiser"] }],
    ["land cruiser", { make: ["Toyota"], model: ["LandCruiser"] }],
    ["prado", { make: ["Toyota"], model: ["LandCruiser Prado"] }],
    ["landcruiser prado", { make: ["Toyota"], model: ["LandCruiser Prado"] }],
    ["dmax", { make: ["Isuzu"], model: ["D-MAX"] }],
    ["Great Wall", { make: ["GWM"] }],
    ["haval jolion", { make: ["GWM"], model: ["Jolion"] }],
    ["toyta", { make: ["Toyota"] }],
    ["corola", { make: ["Toyota"], model: ["Corolla"] }],
    ["corollas", { make: ["Toyota"], model: ["Corolla"] }],
    ["toyota or mazda", { make: ["Toyota", "Mazda"] }],
    ["hilux and ranger", { make: ["Toyota", "Ford"], model: ["HiLux", "Ranger"] }],
  ])("%s", (text, refinements) => {
    expect(read(text)).toMatchObject({ refinements, text: "" });
    expect(read(text).refinements).toEqual(refinements);
  });

  it("a make the site does not stock is reported, not searched for", () => {
    expect(read("ferrari")).toMatchObject({ refinements: {}, text: "", missing: [{ word: "ferrari", fallback: null }] });
  });

  it("a well-known model the site does not stock falls back to its body when the site has that body", () => {
    const noHiace = dealerVocabulary({
      facets: { ...dealerFacets, make_model: { "Toyota:HiLux": 3 } },
    });
    expect(interpretQuery("white hiace", noHiace)).toMatchObject({
      refinements: { colour: ["White"], body: ["van"] },
      text: "",
      missing: [{ word: "hiace", fallback: { kind: "refinement", attribute: "body", values: ["van"] } }],
    });
    const noVans = dealerVocabulary({ facets: { ...dealerFacets, make_model: {}, body: { suv: 1 } } });
    expect(interpretQuery("hiace", noVans)).toMatchObject({ refinements: {}, missing: [{ word: "hiace", fallback: null }] });
  });
});

describe("conditions, bodies, fuel, transmission, drive, seats, colours", () => {
  it.each([
    ["new", { carTypes: ["new"] }],
    ["second hand", { carTypes: ["used"] }],
    ["second-hand", { carTypes: ["used"] }],
    ["pre-owned", { carTypes: ["used"] }],
    ["demo", { carTypes: ["demo"] }],
    ["new or demo", { carTypes: ["new", "demo"] }],
    ["new used or demo", { carTypes: [] }],
  ])("%s", (text, expected) => {
    expect(read(text)).toMatchObject({ ...expected, text: "" });
  });

  it.each([
    ["suvs", ["suv"]],
    ["4wd wagon", ["suv", "4x4"]],
    ["ute", ["ute"]],
    ["utilities", ["ute"]],
    ["pickup", ["ute"]],
    ["hatch", ["hatch", "hatchback"]],
    ["hatchbacks", ["hatch", "hatchback"]],
    ["station wagon", ["wagon", "stationWagon"]],
    ["wagon", ["wagon", "stationWagon"]],
    ["sedan", ["sedan"]],
    ["people mover", ["peopleMover"]],
    ["vans", ["van"]],
    ["cab chassis", ["cabChassis"]],
    ["buses", ["bus"]],
  ])("body: %s", (text, body) => {
    expect(read(text).refinements).toEqual({ body });
  });

  it.each([
    ["diesel", { simple_fuel: ["Diesel"] }],
    ["unleaded", { simple_fuel: ["Petrol"] }],
    ["EV", { simple_fuel: ["Electric"] }],
    ["electric", { simple_fuel: ["Electric"] }],
    ["hybrid or electric", { simple_fuel: ["Hybrid", "Electric"] }],
    ["auto", { simple_transmission: ["Automatic"] }],
    ["manual", { simple_transmission: ["Manual"] }],
    ["AWD", { simple_drive: ["AWD"] }],
    ["all wheel drive", { simple_drive: ["AWD"] }],
    ["4x4", { simple_drive: ["4WD"] }],
    ["4WD", { simple_drive: ["4WD"] }],
    ["fwd", { simple_drive: ["FWD"] }],
    ["rear wheel drive", { simple_drive: ["RWD"] }],
    ["7 seats", { seats: ["7"] }],
    ["7-seater", { seats: ["7"] }],
    ["eight seater", { seats: ["8"] }],
    ["gray", { colour: ["Grey"] }],
    ["white or silver", { colour: ["White", "Silver"] }],
    ["towbar", { filtered_features: ["Tow Bar"] }],
    ["apple carplay", { filtered_features: ["Apple CarPlay"] }],
    ["carplay", { filtered_features: ["Apple CarPlay"] }],
    ["leather seats and sunroof", { filtered_features: ["Leather Seats", "Sunroof"] }],
  ])("%s", (text, refinements) => {
    expect(read(text)).toMatchObject({ text: "" });
    expect(read(text).refinements).toEqual(refinements);
  });

  it("a colour the site has no car in is reported", () => {
    expect(read("purple")).toMatchObject({ refinements: {}, text: "", missing: [{ word: "purple", fallback: null }] });
  });
});

describe("price, odometer and year phrases", () => {
  // Phrases that mean the same range share a row.
  const phrases: Array<[string[], Record<string, { min?: number; max?: number }>]> = [
    [["under $40k", "less than 40,000", "below 40 grand", "up to $40000", "max 40k"], { price: { max: 40000 } }],
    [["over $20k", "above 20000"], { price: { min: 20000 } }],
    [["from $15,000"], { price: { min: 15000 } }],
    [["between 20 and 30 grand", "between $20k and $30k", "$20k to $30k", "20 to 30k", "$20-30k"], { price: { min: 20000, max: 30000 } }],
    [["$30k"], { price: { max: 30000 } }],
    [["under 50,000 km"], { km: { max: 50000 } }],
    [["less than 20000kms"], { km: { max: 20000 } }],
    [["under 30k km"], { km: { max: 30000 } }],
    [["50000 km or less"], { km: { max: 50000 } }],
    [["2020 or newer", "2020+", "2020 onwards"], { year: { min: 2020 } }],
    [["from 2019"], { year: { min: 2019 } }],
    [["after 2019"], { year: { min: 2020 } }],
    [["before 2015"], { year: { max: 2014 } }],
    [["2019 to 2022", "from 2019 to 2022", "2019-2022"], { year: { min: 2019, max: 2022 } }],
    [["2021"], { year: { min: 2021, max: 2021 } }],
  ];
  it.each(phrases.flatMap(([texts, ranges]) => texts.map((text) => [text, ranges] as const)))("%s", (text, ranges) => {
    expect(read(text)).toMatchObject({ ranges, refinements: {}, text: "" });
  });

  it("miles on a miles site; km typed there is converted to the site's unit", () => {
    const miles = dealerVocabulary({ distanceUnit: "mi" });
    expect(interpretQuery("under 30k miles", miles).ranges).toEqual({ km: { max: 30000 } });
    expect(interpretQuery("under 50000 km", miles).ranges).toEqual({ km: { max: 31069 } });
    expect(interpretQuery("under 10000 miles", vocabulary).ranges).toEqual({ km: { max: 16093 } });
  });
});

describe("places, sorts, generic and unknown words", () => {
  it("a city, a location or a suburb the site lists, after in/near/at", () => {
    expect(read("suv in strathfield").refinements).toEqual({ body: ["suv"], city: ["Strathfield"] });
    expect(read("near st leonards").refinements).toEqual({ city: ["St Leonards"] });
    expect(read("at harbourside mazda").refinements).toEqual({ location_name: ["Harbourside Mazda - Sales"] });
    expect(read("utes in homebush").refinements).toEqual({ body: ["ute"], city: ["Strathfield"] });
    expect(read("strathfield")).toMatchObject({ refinements: {}, text: "strathfield" });
  });

  it("a site's own words stand for words already understood", () => {
    const own = dealerVocabulary({ words: { tray: "cab chassis", burwood: "strathfield" } });
    expect(interpretQuery("tray", own).refinements).toEqual({ body: ["cabChassis"] });
    expect(interpretQuery("in burwood", own).refinements).toEqual({ city: ["Strathfield"] });
  });

  it.each([
    ["cheapest suv", "price:asc"],
    ["lowest price", "price:asc"],
    ["most expensive", "price:desc"],
    ["lowest kms", "km:asc"],
  ])("sort: %s", (text, sort) => {
    expect(read(text)).toMatchObject({ sort, text: "" });
  });

  it("a sort the site does not offer is a plain word", () => {
    const noKms = dealerVocabulary({ sorts: ["custom_rank:desc", "price:asc", "price:desc", "created_at_timestamp:desc"] });
    expect(interpretQuery("lowest kms", noKms)).toMatchObject({ sort: null });
  });

  it("generic words are not search terms; unknown words stay as text", () => {
    expect(read("cars for sale")).toMatchObject({ refinements: {}, text: "" });
    expect(read("a car with the sunroof")).toMatchObject({ refinements: { filtered_features: ["Sunroof"] }, text: "" });
    expect(read("toyota gr sport")).toMatchObject({ refinements: { make: ["Toyota"] }, text: "gr sport" });
    expect(read("HT10001")).toMatchObject({ refinements: {}, text: "ht10001" });
    expect(read("")).toMatchObject({ refinements: {}, ranges: {}, text: "", missing: [] });
  });
});

describe("word rules", () => {
  it("splits numbers with their qualifiers and drops thousands separators", () => {
    expect(queryWords("Toyota $40,000 20000kms 2020+ $20-30k CX-5 4x4")).toEqual([
      "toyota",
      "$40000",
      "20000kms",
      "2020+",
      "$20-30k",
      "cx",
      "5",
      "4x4",
    ]);
  });
  it("plurals under the site's plural rules", () => {
    expect(singulars("buses")).toContain("bus");
    expect(singulars("utilities")).toContain("utility");
    expect(singulars("suvs")).toContain("suv");
    expect(singulars("cars")).toContain("car");
  });
  it("one typo, whole word", () => {
    expect(withinOneEdit("toyta", "toyota")).toBe(true);
    expect(withinOneEdit("toyoota", "toyota")).toBe(true);
    expect(withinOneEdit("toyoto", "toyota")).toBe(true);
    expect(withinOneEdit("toyo", "toyota")).toBe(false);
    expect(withinOneEdit("abxc", "abcd")).toBe(false);
  });
});

describe("never throws", () => {
  it("10,000 random strings give an interpretation with finite bounds", () => {
    const pieces = fc.constantFrom(
      "under",
      "$",
      "k",
      "40",
      "2020",
      "+",
      "-",
      "to",
      "and",
      "or",
      "in",
      "seater",
      "km",
      "hilux",
      ",",
      " ",
      "between",
    );
    const text = fc.oneof(
      fc.string({ maxLength: 300 }),
      // Any code units, lone surrogates included (built from numbers: fast-check's unicode units are slow to set up).
      fc.array(fc.integer({ min: 0, max: 0xffff }), { maxLength: 100 }).map((units) => String.fromCharCode(...units)),
      fc.array(pieces, { maxLength: 40 }).map((parts) => parts.join(" ")),
    );
    fc.assert(
      fc.property(text, (input) => {
        const result = interpretQuery(input, vocabulary);
        const bounds = Object.values(result.ranges).flatMap((range) => [range.min ?? 0, range.max ?? 0]);
        return typeof result.text === "string" && bounds.every(Number.isFinite);
      }),
      { numRuns: 10_000 },
    );
  }, 30_000);
});
