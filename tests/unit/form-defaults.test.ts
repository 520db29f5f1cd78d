import { describe, expect, it } from "vitest";
import { preselectedDealership } from "~/server/leads/form-defaults";

const dealerships = [{ slug: "harbourside-toyota" }, { slug: "harbourside-mazda" }];

describe("preselectedDealership (spec 000 §2: links carry preferredDealership)", () => {
  it("preselects the dealership the link prefers", () => {
    expect(preselectedDealership(dealerships, "harbourside-mazda", null)).toBe("harbourside-mazda");
    expect(preselectedDealership(dealerships, "harbourside-mazda", { dealership_slug: "harbourside-toyota" })).toBe("harbourside-mazda");
  });

  it("else the dealership of the vehicle the form is about", () => {
    expect(preselectedDealership(dealerships, null, { dealership_slug: "harbourside-toyota" })).toBe("harbourside-toyota");
    expect(preselectedDealership(dealerships, "somewhere-else", { dealership_slug: "harbourside-toyota" })).toBe("harbourside-toyota");
  });

  it("never preselects a dealership the site does not have", () => {
    expect(preselectedDealership(dealerships, "somewhere-else", null)).toBeNull();
    expect(preselectedDealership(dealerships, "", { dealership_slug: "other-group" })).toBeNull();
    expect(preselectedDealership(dealerships, null, null)).toBeNull();
  });
});
