import { describe, expect, it } from "vitest";
import { CATEGORIES, eventAction, eventFor, successPath } from "~/server/leads/events";
import { showsCategorySelect } from "~/server/leads/forms";

describe("category → event (spec 001 §4)", () => {
  it("defaults to 22", () => {
    expect(eventFor("Something Else", "x")).toEqual({ category: "Something Else", subcategory: "x", eventId: 22 });
    expect(eventFor(CATEGORIES.general, "Contact").eventId).toBe(22);
  });

  it("turns Careers Enquiry into General Enquiry / Career Enquiry / 51", () => {
    expect(eventFor("Careers Enquiry", "anything")).toEqual({ category: "General Enquiry", subcategory: "Career Enquiry", eventId: 51 });
  });

  it("gives each known form category its own id, none clashing with the fixed ones", () => {
    const ids = Object.values(CATEGORIES)
      .filter((c) => c !== CATEGORIES.general && c !== CATEGORIES.careers)
      .map((c) => eventFor(c, "").eventId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const fixed of [22, 25, 26, 29, 35, 36, 37, 38, 39, 41, 51, 54, 55, 57])
      expect(ids.filter((id) => id !== 32)).not.toContain(fixed);
  });

  it("adds ' - Step {n}' to the action of event 32 only", () => {
    expect(eventAction(32, "Sell My Car Enquiry", 2)).toBe("Sell My Car Enquiry - Step 2");
    expect(eventAction(22, "General Enquiry", 2)).toBe("General Enquiry");
    expect(eventAction(32, "Sell My Car Enquiry")).toBe("Sell My Car Enquiry");
  });

  it("shows the category select for event 22 or General Enquiry", () => {
    expect(showsCategorySelect("General Enquiry")).toBe(true);
    expect(showsCategorySelect("Unlisted Enquiry")).toBe(true);
    expect(showsCategorySelect("Service Enquiry")).toBe(false);
    expect(showsCategorySelect("Careers Enquiry")).toBe(false);
  });
});

describe("successPath (spec 001 §2)", () => {
  it("slugs the category", () => {
    expect(successPath("Service Enquiry")).toBe("/success?category=service-enquiry");
    expect(successPath("Trade-In Enquiry", null, { ref: "a b" })).toBe("/success?category=trade-in-enquiry&ref=a+b");
  });

  it("swaps vehicle enquiries by car_type", () => {
    expect(successPath("Used Vehicle Enquiry", "demo")).toBe("/success?category=demo-vehicle-enquiry");
    expect(successPath("New Vehicle Enquiry", "used")).toBe("/success?category=used-vehicle-enquiry");
    expect(successPath("Used Vehicle Enquiry", "new")).toBe("/success?category=new-vehicle-enquiry");
  });

  it("keeps the chosen vehicle category when no car is attached (a general enquiry of type Used Vehicle)", () => {
    expect(successPath("Used Vehicle Enquiry")).toBe("/success?category=used-vehicle-enquiry");
    expect(successPath("Demo Vehicle Enquiry", null)).toBe("/success?category=demo-vehicle-enquiry");
    expect(successPath("New Vehicle Enquiry")).toBe("/success?category=new-vehicle-enquiry");
    expect(successPath("Finance Enquiry", "used")).toBe("/success?category=finance-enquiry");
  });
});
