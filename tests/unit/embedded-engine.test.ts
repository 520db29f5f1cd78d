import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { InvalidSearchQueryError } from "~/server/search/embedded/invalid-query";
import { rankQuery, runQuery } from "~/server/search/embedded/run-query";
import { TenantIndex } from "~/server/search/embedded/tenant-index";
import { tokenize, withinOneEditOfPrefix } from "~/server/search/embedded/text";
import { searchableAttributes } from "~/server/search/meilisearch/settings";
import { searchValues } from "~/server/search/search-values";
import type { SearchQuery } from "~/server/search/types";
import type { Vehicle } from "~/server/stock/vehicle";
import { fixtureVehicles, makeVehicle } from "../fixtures/vehicles";

const index = TenantIndex.build(fixtureVehicles);
const search = (query: Omit<SearchQuery, "indexUid">) => runQuery(index, { indexUid: "stock", limit: 100, ...query });
const ids = (hits: Vehicle[]) => hits.map((vehicle) => vehicle.id);
/** The engine's default order: custom_rank desc, then document order. */
const byRank = (a: Vehicle, b: Vehicle) => b.custom_rank - a.custom_rank || a.id - b.id;

describe("filters", () => {
  it("ANDs the outer array and ORs inner arrays", () => {
    const result = search({ filter: [["make = Toyota", 'make = "Mazda"'], "body = suv"] });
    const expected = fixtureVehicles.filter((v) => (v.make === "Toyota" || v.make === "Mazda") && v.body === "suv").sort(byRank);
    expect(ids(result.hits)).toEqual(ids(expected));
    expect(result.estimatedTotalHits).toBe(expected.length);
  });

  it("matches strings case- and accent-insensitively, numbers as numbers or strings, booleans", () => {
    expect(search({ filter: ['make = "citroen"'] }).estimatedTotalHits).toBe(1);
    expect(search({ filter: ['make = "LAND ROVER"'] }).estimatedTotalHits).toBe(2);
    const in2020 = fixtureVehicles.filter((v) => v.year === 2020).length;
    expect(search({ filter: ["year = 2020"] }).estimatedTotalHits).toBe(in2020);
    expect(search({ filter: ['year = "2020"'] }).estimatedTotalHits).toBe(in2020);
    expect(search({ filter: ["show_on_dealer_website = false"] }).hits.map((v) => v.slug)).toEqual(["2022-toyota-rav4-hidden"]);
  });

  it("matches any element of an array attribute", () => {
    const expected = fixtureVehicles.filter((v) => v.categories.includes("4x4"));
    expect(search({ filter: ['categories = "4x4"'] }).estimatedTotalHits).toBe(expected.length);
  });

  it("applies ranges with inclusive and exclusive ends, and null never matches a comparison", () => {
    const priced = fixtureVehicles.filter((v) => v.price !== null);
    expect(search({ filter: ["price >= 0"] }).estimatedTotalHits).toBe(priced.length);
    expect(search({ filter: ["price < 1000000000"] }).estimatedTotalHits).toBe(priced.length);
    expect(search({ filter: ["price 25000 TO 25000"] }).estimatedTotalHits).toBe(fixtureVehicles.filter((v) => v.price === 25000).length);
    expect(
      search({ filter: ["price > 25000", "price < 27990"] }).hits.every((v) => v.price !== null && v.price > 25000 && v.price < 27990),
    ).toBe(true);
    expect(search({ filter: ["km 0 TO 20000"] }).hits.map((v) => v.km)).not.toContain(null);
  });

  it("finds one vehicle by id or slug, and counts them as facets, though those columns are laid out only when first asked for", () => {
    const fresh = TenantIndex.build(fixtureVehicles);
    const [car] = fixtureVehicles;
    const find = (filter: string) => runQuery(fresh, { indexUid: "one", filter: [filter] }).hits.map((vehicle) => vehicle.id);
    expect(find(`id = ${car.id}`)).toEqual([car.id]);
    expect(find(`slug = "${car.slug.toUpperCase()}"`)).toEqual([car.id]);
    expect(find(`id = ${car.id}`)).toEqual([car.id]);
    expect(find(`id > ${Math.max(...fixtureVehicles.map((vehicle) => vehicle.id)) - 1}`)).toHaveLength(1);
    const counts = runQuery(fresh, { indexUid: "counts", filter: [`slug = ${car.slug}`], facets: ["slug", "id"] }).facetDistribution;
    expect(counts).toEqual({ slug: { [car.slug]: 1 }, id: { [String(car.id)]: 1 } });
  });

  it("keeps only the stock filter's vehicles: available, or sold inside the window, and shown on the website", () => {
    const soldSince = Date.UTC(2025, 5, 1) - 3 * 86_400_000;
    const result = search({
      filter: [['status = "in_stock"', 'status = "coming_soon"', `sold_date_timestamp >= ${soldSince}`], "show_on_dealer_website = true"],
    });
    const slugs = result.hits.map((v) => v.slug);
    expect(slugs).toContain("2021-toyota-corolla-sold-recently");
    expect(slugs).toContain("2024-mazda-cx-5-coming-soon");
    expect(slugs).not.toContain("2020-toyota-corolla-sold-long-ago");
    expect(slugs).not.toContain("2022-toyota-rav4-hidden");
    expect(result.estimatedTotalHits).toBe(fixtureVehicles.length - 2);
  });

  it.each([
    [{ filter: ["colour_code = red"] }, "not filterable"],
    [{ filter: ["make ~ Toyota"] }, "Invalid filter"],
    [{ facets: ["description"] }, "not filterable"],
    [{ sort: ["views:desc"] }, "not sortable"],
    [{ sort: ["price"] }, "Invalid sort"],
    [{ limit: -1 }, "Invalid limit"],
    [{ offset: 1.5 }, "Invalid offset"],
  ])("rejects %j", (query, message) => {
    expect(() => search(query)).toThrow(InvalidSearchQueryError);
    expect(() => search(query)).toThrow(message);
  });
});

describe("facets", () => {
  it("counts values over the filtered set, each array element once, numbers and booleans as strings", () => {
    const result = search({ filter: ["make = Toyota"], facets: ["body", "categories", "year", "show_on_dealer_website"], limit: 0 });
    const toyotas = fixtureVehicles.filter((v) => v.make === "Toyota");
    const count = (pick: (v: Vehicle) => unknown[]) => {
      const counts: Record<string, number> = {};
      for (const value of toyotas.flatMap(pick)) counts[String(value)] = (counts[String(value)] ?? 0) + 1;
      return counts;
    };
    expect(result.facetDistribution).toEqual({
      body: count((v) => [v.body]),
      categories: count((v) => v.categories),
      year: count((v) => [v.year]),
      show_on_dealer_website: count((v) => [v.show_on_dealer_website]),
    });
    expect(result.hits).toEqual([]);
    expect(result.estimatedTotalHits).toBe(toyotas.length);
  });

  it("counts a number and the same number spelled as a string as one value, whichever comes first", () => {
    for (const seats of [
      [5, "5"],
      ["5", 5],
    ] as const) {
      // Checked stock never mixes the two; the engine, like Meilisearch, takes any JSON value.
      const stock = seats.map((value, i) => ({ ...makeVehicle({ id: 900 + i }), seats: value }) as unknown as Vehicle);
      const result = runQuery(TenantIndex.build(stock), { indexUid: "stock", filter: ["seats = 5"], facets: ["seats"] });
      expect(result.facetDistribution).toEqual({ seats: { "5": 2 } });
      expect(result.estimatedTotalHits).toBe(2);
    }
  });

  it("counts and filters alike when an attribute first holds several values after vehicles with none or one", () => {
    // The column keeps one slot per vehicle until a vehicle holds several values, then switches layout.
    const categories: unknown[] = [null, ["4x4"], [], "family", ["4x4", "family", "4x4"], null, ["tow"]];
    const stock = categories.map((value, i) => ({ ...makeVehicle({ id: 700 + i }), categories: value }) as unknown as Vehicle);
    const built = TenantIndex.build(stock);
    const result = runQuery(built, { indexUid: "stock", facets: ["categories"], limit: 0 });
    expect(result.facetDistribution).toEqual({ categories: { "4x4": 2, family: 2, tow: 1 } });
    const matching = (filter: string) =>
      runQuery(built, { indexUid: "stock", filter: [filter], sort: ["price:asc"] }).hits.map((v) => v.id);
    expect(matching('categories = "4x4"')).toEqual([701, 704]);
    expect(matching('categories = "family"')).toEqual([703, 704]);
    expect(matching('categories = "tow"')).toEqual([706]);
  });

  it("sorts a vehicle holding several values of the sort attribute last, as one without a value", () => {
    const prices: unknown[] = [30_000, [10_000, 20_000], 5_000, null, [40_000]];
    const stock = prices.map((value, i) => ({ ...makeVehicle({ id: 800 + i }), price: value, custom_rank: 0 }) as unknown as Vehicle);
    const order = (sort: string) => runQuery(TenantIndex.build(stock), { indexUid: "stock", sort: [sort] }).hits.map((v) => v.id);
    expect(order("price:asc")).toEqual([802, 800, 804, 801, 803]);
    expect(order("price:desc")).toEqual([804, 800, 802, 801, 803]);
  });

  it("gives min and max of numeric facets over the filtered set and omits facets without numbers", () => {
    const result = search({ filter: ['body = "ute"'], facets: ["price", "km", "make"] });
    const utes = fixtureVehicles.filter((v) => v.body === "ute");
    const prices = utes.map((v) => v.price ?? NaN).filter((p) => !Number.isNaN(p));
    expect(result.facetStats).toEqual({
      price: { min: Math.min(...prices), max: Math.max(...prices) },
      km: { min: Math.min(...utes.map((v) => v.km ?? Infinity)), max: Math.max(...utes.map((v) => v.km ?? -Infinity)) },
    });
    const unpriced = search({ filter: [["model = GLC300", "model = X-Trail"]], facets: ["price"] });
    expect(unpriced.facetStats).toEqual({});
    expect(unpriced.facetDistribution).toEqual({ price: {} });
  });

  it("leaves facetDistribution and facetStats out when no facets are asked for", () => {
    const result = search({});
    expect(result).not.toHaveProperty("facetDistribution");
    expect(result).not.toHaveProperty("facetStats");
  });

  it("lists at most 500 values per facet, lowest first", () => {
    const many = Array.from({ length: 600 }, (_, i) => makeVehicle({ id: i + 1, price: 10_000 + i }));
    const distribution =
      runQuery(TenantIndex.build(many), { indexUid: "stock", facets: ["price"], limit: 0 }).facetDistribution?.price ?? {};
    expect(Object.keys(distribution)).toHaveLength(500);
    expect(distribution["10000"]).toBe(1);
    expect(distribution["10499"]).toBe(1);
    expect(distribution["10500"]).toBeUndefined();
  });
});

describe("order and paging", () => {
  it("defaults to custom_rank desc, then the stock's order", () => {
    expect(ids(search({}).hits)).toEqual(ids([...fixtureVehicles].sort(byRank)));
  });

  it("sorts both ways with nulls last either way", () => {
    const asc = search({ sort: ["price:asc"] }).hits.map((v) => v.price);
    const desc = search({ sort: ["price:desc"] }).hits.map((v) => v.price);
    const numbers = fixtureVehicles.flatMap((v) => (v.price === null ? [] : [v.price]));
    const nulls = fixtureVehicles.filter((v) => v.price === null).map(() => null);
    expect(asc).toEqual([...[...numbers].sort((a, b) => a - b), ...nulls]);
    expect(desc).toEqual([...[...numbers].sort((a, b) => b - a), ...nulls]);
  });

  it("breaks ties on the first key with the next ones", () => {
    const hits = search({ sort: ["year:desc", "price:asc"] }).hits;
    const expected = [...fixtureVehicles].sort((a, b) => b.year - a.year || (a.price ?? Infinity) - (b.price ?? Infinity) || byRank(a, b));
    expect(ids(hits)).toEqual(ids(expected));
  });

  it("pages with limit and offset and counts every match", () => {
    const all = ids(search({ sort: ["price:desc"] }).hits);
    const page = search({ sort: ["price:desc"], limit: 5, offset: 10 });
    expect(ids(page.hits)).toEqual(all.slice(10, 15));
    expect(page).toMatchObject({ limit: 5, offset: 10, estimatedTotalHits: fixtureVehicles.length, query: "" });
    expect(search({ offset: 1000 }).hits).toEqual([]);
  });

  it("uses Meilisearch's defaults of limit 20 and offset 0", () => {
    const result = runQuery(index, { indexUid: "stock" });
    expect(result).toMatchObject({ indexUid: "stock", limit: 20, offset: 0 });
    expect(result.hits).toHaveLength(20);
  });
});

describe("text search", () => {
  const slugsFor = (q: string, extra: Omit<SearchQuery, "indexUid" | "q"> = {}) => search({ q, ...extra }).hits.map((v) => v.slug);

  it("matches prefixes of every word and needs all words", () => {
    expect(search({ q: "toyo" }).estimatedTotalHits).toBe(fixtureVehicles.filter((v) => v.make === "Toyota").length);
    expect(slugsFor("toyota suv").every((slug) => slug.includes("toyota"))).toBe(true);
    expect(search({ q: "toyota suv" }).estimatedTotalHits).toBe(
      fixtureVehicles.filter((v) => v.make === "Toyota" && v.body === "suv").length,
    );
    expect(slugsFor("land rov def")).toEqual(["2022-land-rover-defender-28"]);
    expect(search({ q: "HS1012" }).hits[0]?.stocknum).toBe("HS1012");
  });

  it("allows one typo in words of five letters or more, none in shorter ones", () => {
    expect(search({ q: "toyta" }).estimatedTotalHits).toBe(fixtureVehicles.filter((v) => v.make === "Toyota").length);
    expect(slugsFor("wildtrk")).toEqual(["2022-ford-ranger-16"]);
    expect(search({ q: "mzda" }).estimatedTotalHits).toBe(0);
    expect(search({ q: "tyoyta" }).estimatedTotalHits).toBe(0);
  });

  it("ranks fewer typos first, then earlier attributes, then whole words, then custom_rank", () => {
    // "ranger" is exact for the Rangers; no typo needed.
    const rangers = slugsFor("ranger");
    expect(rangers).toEqual(["2022-ford-ranger-16", "2021-ford-ranger-15"]);
    // "corolla" matches the model of the hand-made Corollas exactly and nothing else.
    const corollas = search({ q: "corolla" }).hits;
    expect(corollas.every((v) => v.model === "Corolla")).toBe(true);
    expect(ids(corollas)).toEqual(ids(fixtureVehicles.filter((v) => v.model === "Corolla").sort(byRank)));
    // A model match ranks above a colour match for the same word.
    const typed = runQuery(
      TenantIndex.build([
        makeVehicle({ id: 1, model: "Corolla", colour: "Silver", custom_rank: 9 }),
        makeVehicle({ id: 2, model: "Silverado", colour: "White", custom_rank: 1 }),
        makeVehicle({ id: 3, model: "Silvr", colour: "White", custom_rank: 50 }),
      ]),
      { indexUid: "stock", q: "silver" },
    );
    expect(ids(typed.hits)).toEqual([2, 1, 3]);
  });

  it("finds a typo in the first letter without reading the whole vocabulary, exactly as a full scan would", () => {
    // A wrong, missing or extra first letter: looked up through the tail ordering of the vocabulary.
    expect(slugsFor("xorolla").length).toBe(fixtureVehicles.filter((v) => v.model === "Corolla").length);
    expect(search({ q: "oyota" }).estimatedTotalHits).toBe(fixtureVehicles.filter((v) => v.make === "Toyota").length);
    expect(search({ q: "atoyota" }).estimatedTotalHits).toBe(fixtureVehicles.filter((v) => v.make === "Toyota").length);
    // Every one-edit variant of every indexed word matches the documents a scan of all words finds.
    const words = [...new Set(fixtureVehicles.flatMap((v) => searchableAttributes.flatMap((a) => tokenize(String(v[a] ?? "")))))];
    const variants = words
      .filter((word) => word.length >= 5)
      .flatMap((word) => [`q${word}`, word.slice(1), `z${word.slice(1)}`, `${word.slice(0, 2)}x${word.slice(3)}`]);
    for (const variant of variants) {
      const expected = fixtureVehicles.filter((v) =>
        searchableAttributes.some((a) =>
          tokenize(String(v[a] ?? "")).some(
            (term) => term.startsWith(variant) || (variant.length >= 5 && withinOneEditOfPrefix(variant, term)),
          ),
        ),
      );
      expect(search({ q: variant }).estimatedTotalHits, variant).toBe(expected.length);
    }
  });

  it("combines text with filters and sort", () => {
    const hits = search({ q: "toyota", filter: ["price <= 30000"], sort: ["price:asc"] }).hits;
    const expected = fixtureVehicles
      .filter((v) => v.make === "Toyota" && v.price !== null && v.price <= 30000)
      .sort((a, b) => (a.price ?? 0) - (b.price ?? 0) || byRank(a, b));
    expect(ids(hits)).toEqual(ids(expected));
  });

  it("treats a query without words as no query", () => {
    expect(search({ q: " - " }).estimatedTotalHits).toBe(fixtureVehicles.length);
    expect(search({ q: " - " }).query).toBe(" - ");
  });
});

describe("against a naive reference", () => {
  type Clause =
    | { attribute: "make" | "body" | "car_type" | "colour"; values: string[] }
    | { attribute: "price" | "km" | "year"; op: "TO" | ">=" | ">" | "<=" | "<"; min: number; max: number };
  const stringValues = (attribute: "make" | "body" | "car_type" | "colour") => [...new Set(fixtureVehicles.map((v) => v[attribute] ?? ""))];
  // Bounds often equal to stored values, so inclusive ends are exercised.
  const stored = fixtureVehicles.flatMap((v) => [v.price, v.km, v.year]).filter((n): n is number => n !== null);
  const bound = fc.oneof(fc.constantFrom(...stored), fc.integer({ min: 0, max: 130_000 }));
  const clause: fc.Arbitrary<Clause> = fc.oneof(
    fc
      .constantFrom("make", "body", "car_type", "colour")
      .chain((attribute) =>
        fc.subarray(stringValues(attribute), { minLength: 1, maxLength: 3 }).map((values): Clause => ({ attribute, values })),
      ),
    fc.record({
      attribute: fc.constantFrom("price" as const, "km" as const, "year" as const),
      op: fc.constantFrom("TO" as const, ">=" as const, ">" as const, "<=" as const, "<" as const),
      min: bound,
      max: bound,
    }),
  );
  const toFilter = (c: Clause): string | string[] =>
    "values" in c
      ? c.values.map((value) => `${c.attribute} = "${value}"`)
      : c.op === "TO"
        ? `${c.attribute} ${c.min} TO ${c.max}`
        : `${c.attribute} ${c.op} ${c.min}`;
  const accepts = (v: Vehicle, c: Clause) => {
    if ("values" in c) return c.values.includes(v[c.attribute] ?? "");
    const value = v[c.attribute];
    if (value === null) return false;
    if (c.op === ">=") return value >= c.min;
    if (c.op === ">") return value > c.min;
    if (c.op === "<=") return value <= c.min;
    if (c.op === "<") return value < c.min;
    return value >= c.min && value <= c.max;
  };

  it("returns the same hits, counts and facet counts for random filters, sorts and pages", () => {
    fc.assert(
      fc.property(
        fc.array(clause, { maxLength: 3 }),
        fc.constantFrom(undefined, "price:asc", "km:desc", "year:asc"),
        fc.integer({ min: 0, max: 10 }),
        (clauses, sort, offset) => {
          const result = search({ filter: clauses.map(toFilter), sort: sort ? [sort] : undefined, offset, limit: 7, facets: ["make"] });
          const matching = fixtureVehicles.filter((v) => clauses.every((c) => accepts(v, c)));
          const [attribute, order] = (sort ?? "custom_rank:desc").split(":") as ["price" | "km" | "year" | "custom_rank", string];
          const sign = order === "asc" ? 1 : -1;
          const expected = [...matching].sort((a, b) => {
            const x = a[attribute];
            const y = b[attribute];
            if (x === null || y === null) return x === y ? byRank(a, b) : x === null ? 1 : -1;
            return (x - y) * sign || byRank(a, b);
          });
          expect(ids(result.hits)).toEqual(ids(expected.slice(offset, offset + 7)));
          expect(result.estimatedTotalHits).toBe(matching.length);
          const makes: Record<string, number> = {};
          for (const v of matching) makes[v.make] = (makes[v.make] ?? 0) + 1;
          expect(result.facetDistribution?.make).toEqual(makes);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("an index built from the stored search values", () => {
  it("answers exactly as one built from the whole vehicles (the server's build reads only the values)", () => {
    const fromValues = TenantIndex.build(fixtureVehicles.map(searchValues), { keepRecords: false });
    const queries: SearchQuery[] = [
      {
        indexUid: "a",
        filter: [["make = Toyota", "make = Mazda"], "price >= 20000"],
        facets: ["make", "body", "year", "price"],
      },
      { indexUid: "b", q: "corola", sort: ["km:asc"], limit: 7, offset: 2 },
      { indexUid: "c", filter: ["show_on_dealer_website = true"], sort: ["price:desc"], facets: ["categories"] },
    ];
    for (const query of queries) {
      // Everything but the time each took.
      const expected = { ...rankQuery(index, query), processingTimeMs: 0 };
      const actual = { ...rankQuery(fromValues, query), processingTimeMs: 0 };
      expect(actual).toEqual(expected);
      expect(actual.hitDocs.length).toBeGreaterThan(0);
    }
  });
});
