import { describe, expect, it } from "vitest";
import { preselectedDealership, vehicleEnquiryMessage } from "~/server/leads/form-defaults";

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

describe("the vehicle enquiry's message", () => {
  it("starts with the shopper's usual question, naming the car", () => {
    expect(vehicleEnquiryMessage("2022 Toyota Corolla Ascent")).toBe("Hi, is this 2022 Toyota Corolla Ascent still available?");
  });
});
