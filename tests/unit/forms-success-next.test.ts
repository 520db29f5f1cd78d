import { describe, expect, it } from "vitest";
import { ENQUIRY_FRESH_MS, answeringLocation, nextStepText, recentEnquiry } from "~/server/handlers/leads/success";
import { enquiryCarId, newVisitor, rememberSuccessCategory } from "~/server/visitor/context";
import { baseSiteInput, makeTenant } from "../fixtures/tenant";

const base = baseSiteInput();
const sales = base.locations[0]!;
const site = makeTenant({
  locations: [sales, { ...sales, id: 12, primary: false, location_type: "service", name: "Harbourside Service", slug: "svc" }],
}).site;
const now = Date.UTC(2026, 10, 23, 10);

describe("the thank-you page's enquiry", () => {
  it("remembers the category, car and location of the enquiry just sent", () => {
    const visitor = rememberSuccessCategory(newVisitor(now), "Used Vehicle Enquiry", { carId: 7, locationId: 12, now });
    expect(visitor.success_category).toBe("Used Vehicle Enquiry");
    expect(visitor.last_enquiry).toEqual({ category: "Used Vehicle Enquiry", car_id: 7, location_id: 12, at: now });
  });

  it("counts an enquiry for an hour; none, a stale one or one from the future sends the visitor home", () => {
    const sent = rememberSuccessCategory(newVisitor(now), "General Enquiry", { carId: null, locationId: null, now });
    expect(recentEnquiry(sent, now + ENQUIRY_FRESH_MS)).not.toBeNull();
    expect(recentEnquiry(sent, now + ENQUIRY_FRESH_MS + 1)).toBeNull();
    expect(recentEnquiry(sent, now - 1)).toBeNull();
    expect(recentEnquiry(newVisitor(now), now)).toBeNull();
  });

  it("the location that answers: the chosen one, else the car's, else the main one", () => {
    expect(answeringLocation(site, 12, null).name).toBe("Harbourside Service");
    expect(answeringLocation(site, null, { location_id: 12 }).name).toBe("Harbourside Service");
    expect(answeringLocation(site, 999, null).name).toBe(sales.name);
  });

  it("says who will answer and what about, in the site's usage", () => {
    const location = answeringLocation(site, 12, null);
    expect(nextStepText("Used Vehicle Enquiry", location, site)).toBe(
      "The Harbourside Service team will read your Used Vehicle Enquiry and contact you during their opening hours, usually within one business day.",
    );
    expect(nextStepText(null, location, { locale: "en-US" })).toContain("your inquiry");
  });

  it("reads a lead's car_id as a vehicle id, or nothing", () => {
    expect(enquiryCarId(7)).toBe(7);
    expect(enquiryCarId("101000001")).toBe(101000001);
    expect(enquiryCarId("7; drop")).toBeNull();
    expect(enquiryCarId(undefined)).toBeNull();
    expect(enquiryCarId(-1)).toBeNull();
  });
});
