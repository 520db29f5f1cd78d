import { describe, expect, it } from "vitest";
import { tokenize, withinOneEditOfPrefix } from "~/server/search/embedded/text";

describe("tokenize", () => {
  it("lowercases, strips accents and splits on anything but letters and digits", () => {
    expect(tokenize("Citroën C5-Aircross  2.0L")).toEqual(["citroen", "c5", "aircross", "2", "0l"]);
    expect(tokenize(" -- ")).toEqual([]);
  });
});

describe("withinOneEditOfPrefix", () => {
  it.each([
    ["toyta", "toyota"], // a letter missing
    ["toyoota", "toyota"], // a letter too many
    ["toyoto", "toyota"], // a wrong letter
    ["corola", "corolla"],
    ["landcrus", "landcruiser"], // a typo inside a prefix
    ["xoyot", "toyota"], // first letter wrong
  ])("%s is one edit from a prefix of %s", (word, term) => {
    expect(withinOneEditOfPrefix(word, term)).toBe(true);
  });

  it.each([
    ["toytaa", "toyota"],
    ["rnagre", "ranger"], // a swap is two edits
    ["abcdef", "toyota"],
    ["toyotaxx", "toyota"],
  ])("%s is more than one edit from every prefix of %s", (word, term) => {
    expect(withinOneEditOfPrefix(word, term)).toBe(false);
  });
});
