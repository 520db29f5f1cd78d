import { describe, expect, it } from "vitest";
import { kindForLead } from "~/server/handlers/leads/api-lead";
import { successPath } from "~/server/leads/events";
import { formFields } from "~/server/leads/forms";
import { buildLead, resolveLeadEvent } from "~/server/leads/lead-object";
import { categoryNameForSlug } from "~/server/handlers/leads/success";
import { newVisitor } from "~/server/visitor/context";
import { makeTenant } from "../fixtures/leads-tenant";

describe("the 'reserve' form kind (spec 001 §9 'reserve car')", () => {
  it("is recorded as Reserve Car Enquiry / Reserve Car with event id 44, whatever the car_type", () => {
    expect(resolveLeadEvent("reserve", {}, { car_type: "used" })).toEqual({
      category: "Reserve Car Enquiry",
      subcategory: "Reserve Car",
      eventId: 44,
    });
    expect(resolveLeadEvent("reserve", {}, { car_type: "demo" }).category).toBe("Reserve Car Enquiry");
  });

  it("has the contact fields, the hidden vehicle fields and an optional message, and no category select", () => {
    const fields = formFields("reserve", makeTenant());
    const names = fields.map((field) => field.name);
    expect(names).toEqual(expect.arrayContaining(["name", "email", "phone", "car_id", "car_type", "stock_number", "opt_in"]));
    expect(names).not.toContain("category");
    expect(fields.find((field) => field.name === "message")?.required).toBe(false);
  });

  it("lands on /success?category=reserve-car-enquiry, which names it", () => {
    expect(successPath("Reserve Car Enquiry", "used")).toBe("/success?category=reserve-car-enquiry");
    expect(categoryNameForSlug("reserve-car-enquiry")).toBe("Reserve Car Enquiry");
  });

  it("an API lead with its category is read back as a reserve lead", () => {
    const lead = buildLead({
      kind: "reserve",
      values: { name: "Jane", email: "jane@example.com" },
      tenant: makeTenant(),
      visitor: newVisitor(0),
      request: { url: "https://example.test/cars/x/checkout", userAgent: "test", now: 0 },
      car: { car_id: 1, car_type: "used" },
    });
    expect(kindForLead(lead)).toBe("reserve");
  });
});
