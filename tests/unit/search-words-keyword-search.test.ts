import { describe, expect, it } from "vitest";
import { interpretQuery } from "~/server/search/words/interpret";
import { interpretedHref, missingNotice, understoodLabels, withInterpretation } from "~/server/search/words/keyword-search";
import { emptySearchState } from "~/server/search/transitions";
import { makeTenant } from "../fixtures/tenant";
import { dealerFacets, dealerVocabulary } from "./search-words-fixture";

const tenant = makeTenant();
const vocabulary = dealerVocabulary();

describe("the search a keyword text means", () => {
  it("toyota suv under 40k becomes the explicit filters, with no text left", () => {
    const state = { ...emptySearchState(tenant), q: "toyota suv under 40k" };
    const interpretation = interpretQuery(state.q, vocabulary);
    expect(withInterpretation(state, interpretation)).toMatchObject({
      path: "/search/toyota",
      refinements: { make: ["Toyota"], body: ["suv"] },
      ranges: { price: { max: 40000 } },
      q: "",
    });
    expect(interpretedHref(state, interpretation, tenant)).toBe("/search/toyota?refinementList[body][0]=suv&range[price]=:40000");
    expect(understoodLabels(interpretation, tenant)).toEqual(["Toyota", "SUV", "Under $40,000"]);
  });

  it("keeps the page's own filters and the words it did not understand", () => {
    const state = { ...emptySearchState(tenant), carTypes: ["used" as const], q: "hilux gr sport" };
    const next = withInterpretation(state, interpretQuery(state.q, vocabulary));
    expect(next).toMatchObject({ carTypes: ["used"], refinements: { make: ["Toyota"], model: ["HiLux"] }, q: "gr sport" });
  });

  it("text that means nothing more than itself stays where it is", () => {
    const state = { ...emptySearchState(tenant), q: "gr sport" };
    expect(interpretedHref(state, interpretQuery(state.q, vocabulary), tenant)).toBeNull();
  });

  it("words the site has nothing for ride along for the notice", () => {
    const noHiace = dealerVocabulary({ facets: { ...dealerFacets, make_model: {} } });
    const state = { ...emptySearchState(tenant), q: "hiace" };
    const interpretation = interpretQuery(state.q, noHiace);
    expect(interpretedHref(state, interpretation, tenant)).toBe("/search/van?q=&missing=hiace");
    expect(missingNotice(interpretation.missing[0], tenant)).toBe("No 'hiace' on this site — showing all vans");
    expect(missingNotice({ word: "ferrari", fallback: null }, tenant)).toBe("No 'ferrari' on this site");
    expect(missingNotice({ word: "x", fallback: { kind: "refinement", attribute: "body", values: ["suv"] } }, tenant)).toBe(
      "No 'x' on this site — showing all SUVs",
    );
  });

  it("labels ranges, seats and years as a shopper reads them", () => {
    const labels = (text: string) => understoodLabels(interpretQuery(text, vocabulary), tenant);
    expect(labels("7 seater diesel")).toEqual(["7 seats", "Diesel"]);
    expect(labels("2020 onwards under 50000 km")).toEqual(["2020 or newer", "Under 50,000 km"]);
    expect(labels("used $20-30k")).toEqual(["Used", "$20,000 to $30,000"]);
  });
});
