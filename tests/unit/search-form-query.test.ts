import { describe, expect, it } from "vitest";
import { foldFormRanges, isFormQuery } from "~/server/search/form-query";

const params = (query: string) => new URLSearchParams(query);

describe("isFormQuery", () => {
  it("recognises the no-JS form's fields and nothing else", () => {
    expect(isFormQuery(params("refinementList[make][]=Toyota"))).toBe(true);
    expect(isFormQuery(params("range_min[price]=1"))).toBe(true);
    expect(isFormQuery(params("range_max[km]="))).toBe(true);
    expect(isFormQuery(params("refinementList[make][0]=Toyota&range[price]=1:2&page=2&q=x"))).toBe(false);
    expect(isFormQuery(params("range_min[PRICE]=1&refinementList[make][0][]=x"))).toBe(false);
  });
});

describe("foldFormRanges", () => {
  it("folds a min/max pair into range[attr]=low:high and leaves other keys in order", () => {
    const folded = foldFormRanges(params("refinementList[make][]=Toyota&range_min[price]=$20,000&range_max[price]= 40000 &q=hilux"));
    expect([...folded]).toEqual([
      ["refinementList[make][]", "Toyota"],
      ["q", "hilux"],
      ["range[price]", "20000:40000"],
    ]);
  });

  it("keeps an open side open, and drops a range whose inputs are both empty", () => {
    expect(foldFormRanges(params("range_min[price]=5000&range_max[price]=")).get("range[price]")).toBe("5000:");
    expect(foldFormRanges(params("range_min[year]=&range_max[year]=2020")).get("range[year]")).toBe(":2020");
    expect(foldFormRanges(params("range_min[km]=&range_max[km]=")).has("range[km]")).toBe(false);
  });

  it("a form range replaces a range[attr] already in the query", () => {
    const folded = foldFormRanges(params("range[price]=1:2&range_min[price]=3&range_max[price]=4"));
    expect(folded.getAll("range[price]")).toEqual(["3:4"]);
  });

  it("folds each attribute separately", () => {
    const folded = foldFormRanges(params("range_min[price]=1&range_min[km]=2&range_max[price]=3"));
    expect(folded.get("range[price]")).toBe("1:3");
    expect(folded.get("range[km]")).toBe("2:");
  });
});
