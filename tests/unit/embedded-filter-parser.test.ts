import { describe, expect, it } from "vitest";
import { parseFilterExpression } from "~/server/search/embedded/filter-parser";
import { InvalidSearchQueryError } from "~/server/search/embedded/invalid-query";

describe("parseFilterExpression", () => {
  it("reads a quoted equality with escaped quotes and backslashes", () => {
    expect(parseFilterExpression('badge = "Say \\"hi\\" \\\\ there"')).toEqual({
      type: "equals",
      attribute: "badge",
      value: 'Say "hi" \\ there',
    });
  });

  it("reads single quotes, bare words, booleans and numbers", () => {
    expect(parseFilterExpression("make = 'Land Rover'")).toMatchObject({ value: "Land Rover" });
    expect(parseFilterExpression("make=Toyota")).toMatchObject({ attribute: "make", value: "Toyota" });
    expect(parseFilterExpression("show_on_dealer_website = true")).toMatchObject({ value: "true" });
    expect(parseFilterExpression("year = 2020")).toMatchObject({ value: "2020" });
  });

  it("turns comparisons into intervals with the right ends", () => {
    expect(parseFilterExpression("price >= 5000")).toEqual({
      type: "range",
      attribute: "price",
      min: 5000,
      max: Infinity,
      minInclusive: true,
      maxInclusive: true,
    });
    expect(parseFilterExpression("price > 5000")).toMatchObject({ min: 5000, minInclusive: false });
    expect(parseFilterExpression("km <= 10.5")).toMatchObject({ min: -Infinity, max: 10.5, maxInclusive: true });
    expect(parseFilterExpression("km < -1")).toMatchObject({ max: -1, maxInclusive: false });
    expect(parseFilterExpression("price 5000 TO 250000")).toEqual({
      type: "range",
      attribute: "price",
      min: 5000,
      max: 250000,
      minInclusive: true,
      maxInclusive: true,
    });
  });

  it.each([
    ["", "an attribute name"],
    ["make", "one of ="],
    ["make != Toyota", "!= is not supported"],
    ['make = "Toyota', 'a closing "'],
    ["make = Toyota Corolla", "the end of the expression"],
    ["price >= cheap", "a number"],
    ["price 5 TO", "a number"],
    ["price 5 10", "`TO`"],
    ["make = Toyota OR make = Mazda", "the end of the expression"],
  ])("rejects %j with a message naming what was expected", (expression, expected) => {
    expect(() => parseFilterExpression(expression)).toThrow(InvalidSearchQueryError);
    expect(() => parseFilterExpression(expression)).toThrow(expected);
  });
});
