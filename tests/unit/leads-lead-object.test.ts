import { describe, expect, it } from "vitest";
import { buildLead, resolveLeadEvent } from "~/server/leads/lead-object";
import { formDefaults } from "~/server/leads/form-defaults";
import { newVisitor, recordVisit } from "~/server/visitor/context";
import { makeTenant } from "../fixtures/leads-tenant";

const T0 = Date.UTC(2026, 0, 1);
let visitor = recordVisit(newVisitor(T0), new URL("https://h.example/?utm_source=google&car_id=9"), T0);
visitor = recordVisit(visitor, new URL("https://h.example/cars/corolla"), T0 + 1000);
const request = { url: "https://harbourside.example/cars/corolla", userAgent: "Mozilla/5.0 test", now: T0 + 2000 };

describe("buildLead (spec 001 §3)", () => {
  it("carries the fixed fields, visitor context, names and form fields", () => {
    const tenant = makeTenant({ form: { last_name: true } });
    const lead = buildLead({
      kind: "vehicle",
      tenant,
      visitor,
      request,
      values: {
        name: " Jane ",
        last_name: "Citizen",
        email: "jane@example.com",
        phone: "0412345678",
        message: "Hi",
        location: "12",
        opt_in: true,
        page_id: "p1",
        terms: true,
      },
      car: { car_id: 123, car_type: "used", stock_number: "S1", make: "Toyota", model: "Corolla", year: 2021, price: 25990 },
    });
    expect(lead).toEqual({
      dealership_slug: "dealer-1",
      manufacturer_slug: "toyota",
      website_slug: "harbourside",
      url: "https://harbourside.example/cars/corolla",
      source: "Website",
      user_agent: "Mozilla/5.0 test",
      visited_pages: ["/?utm_source=google&car_id=9", "/cars/corolla"],
      linked_query_params: { utm_source: "google" },
      has_files: false,
      name: "Jane Citizen",
      first_name: "Jane",
      last_name: "Citizen",
      location_id: 12,
      category: "Used Vehicle Enquiry",
      subcategory: "Vehicle Enquiry",
      email: "jane@example.com",
      phone: "0412345678",
      phone_e164: "+61412345678",
      message: "Hi",
      opt_in: true,
      page_id: "p1",
      car_id: "123",
      car_type: "used",
      stock_number: "S1",
      "Vehicle Make": "Toyota",
      "Vehicle Model": "Corolla",
      "Vehicle Year": "2021",
      price: 25990,
      price_shown: 25990,
      price_text: "$25,990",
    });
  });

  it("keeps the url only when it is an http(s) page of the tenant", () => {
    const urlOf = (url: string) =>
      buildLead({ kind: "general", tenant: makeTenant(), visitor, request: { ...request, url }, values: {} }).url;
    expect(urlOf("http://harbourside.localhost:3000/contact")).toBe("http://harbourside.localhost:3000/contact");
    expect(urlOf("https://harbourside.example/contact?x=1")).toBe("https://harbourside.example/contact?x=1");
    expect(urlOf("javascript:alert(1)")).toBeNull();
    expect(urlOf("https://evil.example/contact")).toBeNull();
    expect(urlOf("ftp://harbourside.example/contact")).toBeNull();
    expect(urlOf("not a url")).toBeNull();
  });

  it("records no price for a car shown as 'Enquire for price.', and strips what XML cannot carry", () => {
    const lead = buildLead({
      kind: "vehicle",
      tenant: makeTenant(),
      visitor,
      request,
      values: { name: "Jane", message: "Hi\u000B there" },
      car: { car_id: 1, car_type: "used", price: 0 },
    });
    expect(lead).toMatchObject({ price: 0, price_shown: null, price_text: "Enquire for price.", message: "Hi there" });
  });

  it("sets lead_id and has_files when updating with files, and the chosen dealership", () => {
    const lead = buildLead({
      kind: "service",
      tenant: makeTenant({ dealerships: 2 }),
      visitor,
      request: { ...request, leadId: "abc", hasFiles: true },
      values: { name: "Jane", dealership_slug: "dealer-2", additional_services: ["Tyres"] },
    });
    expect(lead).toMatchObject({
      lead_id: "abc",
      has_files: true,
      dealership_slug: "dealer-2",
      additional_services: ["Tyres"],
      category: "Service Enquiry",
      last_name: "",
      location_id: null,
    });
  });

  it("converts the four flags to Yes/No for the yes_no_flags dealer only", () => {
    const values = { name: "Jane", "Ready to sell": true, "Valuation guide": false, "Best Finance": true, "Best Deal": false };
    const converted = buildLead({ kind: "sell-my-car", tenant: makeTenant({ form: { yes_no_flags: true } }), visitor, request, values });
    expect(converted).toMatchObject({ "Ready to sell": "Yes", "Valuation guide": "No", "Best Finance": "Yes", "Best Deal": "No" });
    const plain = buildLead({ kind: "sell-my-car", tenant: makeTenant(), visitor, request, values });
    expect(plain).toMatchObject({ "Ready to sell": true, "Valuation guide": false });
  });

  it("drops the first-page query after 30 days", () => {
    const lead = buildLead({
      kind: "general",
      tenant: makeTenant(),
      visitor,
      request: { ...request, now: T0 + 31 * 24 * 3600 * 1000 },
      values: { category: "General" },
    });
    expect(lead.linked_query_params).toEqual({});
  });
});

describe("resolveLeadEvent", () => {
  it("maps the general form's enquiry type, careers included", () => {
    expect(resolveLeadEvent("general", { category: "Service" })).toMatchObject({ category: "Service Enquiry", eventId: 18 });
    expect(resolveLeadEvent("general", { category: "General" })).toMatchObject({ category: "General Enquiry", eventId: 22 });
    expect(resolveLeadEvent("general", { category: "Careers" })).toEqual({
      category: "General Enquiry",
      subcategory: "Career Enquiry",
      eventId: 51,
    });
    expect(resolveLeadEvent("careers", {})).toEqual({ category: "General Enquiry", subcategory: "Career Enquiry", eventId: 51 });
  });

  it("takes vehicle enquiries from car_type", () => {
    expect(resolveLeadEvent("vehicle", {}, { car_type: "demo" }).category).toBe("Demo Vehicle Enquiry");
    expect(resolveLeadEvent("vehicle", { car_type: "used" }).category).toBe("Used Vehicle Enquiry");
    expect(resolveLeadEvent("vehicle", {}).category).toBe("New Vehicle Enquiry");
  });
});

describe("formDefaults (spec 001 §3)", () => {
  it("is all empty text without stored details", () => {
    expect(formDefaults({})).toEqual({
      name: "",
      last_name: "",
      email: "",
      phone: "",
      day: "",
      month: "",
      year: "",
      postcode: "",
      state: "",
      lead_id: "",
    });
  });
  it("pre-fills the stored user details and the lead id", () => {
    expect(formDefaults({ name: "Jane", email: "jane@example.com", postcode: "2000" }, "abc")).toMatchObject({
      name: "Jane",
      email: "jane@example.com",
      postcode: "2000",
      phone: "",
      lead_id: "abc",
    });
  });
});
