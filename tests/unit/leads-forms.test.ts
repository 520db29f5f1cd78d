import { describe, expect, it } from "vitest";
import { parseWithZod } from "@conform-to/zod/v4";
import { formFields, formSchema, submitLabel, WHERE_DID_YOU_HEAR_OPTIONS } from "~/server/leads/forms";
import { FORM_KINDS, type FormKind } from "~/server/leads/form-kinds";
import { MESSAGES } from "~/server/leads/messages";
import { makeTenant, type TenantOverrides } from "../fixtures/leads-tenant";

function submit(kind: FormKind, entries: [string, string][], overrides: TenantOverrides = {}) {
  const formData = new FormData();
  for (const [name, value] of entries) formData.append(name, value);
  return parseWithZod(formData, { schema: formSchema(kind, makeTenant(overrides)) });
}

const valid: [string, string][] = [
  ["name", "Jane Citizen"],
  ["email", "jane@example.com"],
  ["phone", "0412 345 678"],
  ["message", "Hello"],
  ["location", "11"],
];

function errors(result: ReturnType<typeof submit>): Record<string, string[] | null> {
  return result.status === "error" ? (result.reply().error ?? {}) : {};
}

describe("formSchema with real FormData", () => {
  it("reports the required message for every empty required field", () => {
    const result = submit("service", [
      ["name", ""],
      ["email", ""],
      ["phone", ""],
      ["message", "   "],
    ]);
    expect(result.status).toBe("error");
    const fieldErrors = errors(result);
    for (const name of ["name", "email", "phone", "message", "location"]) expect(fieldErrors[name]).toEqual([MESSAGES.required]);
  });

  it("accepts a complete service form and defaults opt_in to false when unticked", () => {
    const result = submit("service", [...valid, ["Rego", "ABC123"], ["additional_services", "Tyres"]]);
    expect(result.status).toBe("success");
    if (result.status !== "success") return;
    expect(result.value).toMatchObject({ name: "Jane Citizen", Rego: "ABC123", additional_services: ["Tyres"], opt_in: false });
  });

  it("keeps a ticked opt_in and several additional services", () => {
    const result = submit("service", [...valid, ["opt_in", "on"], ["additional_services", "Tyres"], ["additional_services", "Brakes"]]);
    expect(result.status === "success" && result.value).toMatchObject({ opt_in: true, additional_services: ["Tyres", "Brakes"] });
  });

  it("checks email, name and phone patterns", () => {
    const result = submit("service", [
      ["name", "Jane 2"],
      ["email", "jane@example"],
      ["phone", "0612345678"],
      ["message", "x"],
      ["location", "11"],
    ]);
    expect(errors(result)).toMatchObject({ name: [MESSAGES.alphabeticalOnly], email: [MESSAGES.invalidEmail], phone: [MESSAGES.phoneAu] });
  });

  it("uses the tenant's phone region", () => {
    const result = submit("service", [...valid.filter(([n]) => n !== "phone"), ["phone", "0290000000"]], { phoneRegion: "au-mobile" });
    expect(errors(result).phone).toEqual([MESSAGES.phoneAuMobile]);
  });

  it("accepts only visible location ids", () => {
    const result = submit("service", [...valid.filter(([n]) => n !== "location"), ["location", "13"]]);
    expect(errors(result).location).toEqual([MESSAGES.required]);
  });

  it("adds last_name and postcode when the tenant asks, with the postcode rule", () => {
    const form = { last_name: true, postcode: true };
    expect(errors(submit("service", [...valid, ["last_name", "O'Brien"], ["postcode", "20000"]], { form }))).toMatchObject({
      last_name: [MESSAGES.alphabeticalOnly],
      postcode: [MESSAGES.invalidPostcode],
    });
    expect(errors(submit("service", [...valid, ["postcode", "200"]], { form })).postcode).toEqual([MESSAGES.invalidPostcode]);
    expect(submit("service", [...valid, ["last_name", "Smith Jones"], ["postcode", "2000"]], { form }).status).toBe("success");
    const postcode = formFields("service", makeTenant({ form })).find((f) => f.name === "postcode");
    expect(postcode).toMatchObject({ required: true, maxLength: 4 });
  });

  it("makes message optional for request-photos and for message_optional tenants", () => {
    const withoutMessage = valid.filter(([n]) => n !== "message");
    expect(errors(submit("service", withoutMessage)).message).toEqual([MESSAGES.required]);
    expect(submit("request-photos", withoutMessage).status).toBe("success");
    expect(submit("service", withoutMessage, { form: { message_optional: true } }).status).toBe("success");
  });

  it("requires the terms box with its own message", () => {
    const form = { terms_agreement: true };
    expect(errors(submit("service", valid, { form })).terms).toEqual([MESSAGES.termsRequired]);
    expect(submit("service", [...valid, ["terms", "on"]], { form }).status).toBe("success");
  });

  it("requires the where-did-you-hear select with its eight options", () => {
    const form = { where_did_you_hear: true };
    expect(errors(submit("service", valid, { form }))["where-did-you-hear-about-us"]).toEqual([MESSAGES.required]);
    expect(submit("service", [...valid, ["where-did-you-hear-about-us", "Word of Mouth"]], { form }).status).toBe("success");
    const field = formFields("service", makeTenant({ form })).find((f) => f.name === "where-did-you-hear-about-us");
    expect(field?.options?.map((o) => o.value)).toEqual([...WHERE_DID_YOU_HEAR_OPTIONS]);
  });

  it("requires the dealership select only with several dealerships and no hide switch", () => {
    expect(errors(submit("service", valid, { dealerships: 2 })).dealership_slug).toEqual([MESSAGES.required]);
    expect(submit("service", [...valid, ["dealership_slug", "dealer-2"]], { dealerships: 2 }).status).toBe("success");
    expect(submit("service", valid, { dealerships: 2, form: { hide_dealership_select: true } }).status).toBe("success");
    expect(formFields("service", makeTenant()).some((f) => f.name === "dealership_slug")).toBe(false);
  });

  it("shows and requires the category select on the general form only", () => {
    expect(errors(submit("general", valid)).category).toEqual([MESSAGES.required]);
    expect(submit("general", [...valid, ["category", "Careers"]]).status).toBe("success");
    const category = formFields("general", makeTenant()).find((f) => f.name === "category");
    expect(category?.options?.map((o) => o.value)).toEqual([
      "General",
      "Service",
      "Parts",
      "New Vehicle",
      "Used Vehicle",
      "Fleet",
      "Finance",
      "Careers",
      "Sell My Car",
    ]);
    expect(category?.defaultValue).toBe("General");
    for (const kind of FORM_KINDS.filter((k) => k !== "general")) {
      expect(
        formFields(kind, makeTenant()).some((f) => f.name === "category"),
        kind,
      ).toBe(false);
    }
  });

  it("offers the four Yes/No flags on sell-my-car for the yes_no_flags dealer only", () => {
    const names = (form: TenantOverrides["form"]) =>
      formFields("sell-my-car", makeTenant({ form }))
        .filter((f) => f.type === "checkbox")
        .map((f) => f.name);
    expect(names({ yes_no_flags: true })).toEqual(["Ready to sell", "Valuation guide", "Best Finance", "Best Deal", "opt_in"]);
    expect(names({})).toEqual(["opt_in"]);
    const trade: [string, string][] = [
      ...valid,
      ["Vehicle Make", "Mazda"],
      ["Vehicle Model", "3"],
      ["Vehicle Year", "2019"],
      ["Best Deal", "on"],
    ];
    const result = submit("sell-my-car", trade, { form: { yes_no_flags: true } });
    expect(result.status === "success" && result.value).toMatchObject({ "Best Deal": true, "Ready to sell": false });
  });

  it("leaves the test-drive date optional", () => {
    expect(submit("test-drive", [...valid, ["car_id", "123"], ["car_type", "used"]]).status).toBe("success");
    expect(submit("test-drive", [...valid, ["date", "2026-12-01"]]).status).toBe("success");
  });

  it("describes required fields for asterisks and the opt-in starting ticked", () => {
    const fields = formFields("vehicle", makeTenant());
    expect(fields.filter((f) => f.required).map((f) => f.name)).toEqual(["name", "email", "phone", "location", "message"]);
    expect(fields.find((f) => f.name === "opt_in")).toMatchObject({ required: false, defaultValue: true });
    expect(fields.find((f) => f.name === "name")?.label).toBe("Name");
    expect(formFields("vehicle", makeTenant({ form: { last_name: true } })).find((f) => f.name === "name")?.label).toBe("First Name");
  });
});

describe("submitLabel", () => {
  it("uses the tenant's label and US spelling", () => {
    expect(submitLabel(makeTenant())).toBe("Enquire Now");
    expect(submitLabel(makeTenant({ form: { submit_label: "Message Now" } }))).toBe("Message Now");
    expect(submitLabel(makeTenant({ locale: "en-US" }))).toBe("Inquire Now");
  });
});

describe("finance vehicle type (spec 001 §9: default 'Car')", () => {
  it("offers a Vehicle Type select starting on Car", () => {
    const field = formFields("finance", makeTenant()).find((f) => f.name === "vehicle_type");
    expect(field).toMatchObject({ label: "Vehicle Type", type: "select", defaultValue: "Car" });
    expect(field?.options?.[0]).toEqual({ value: "Car", label: "Car" });
    expect(formFields("service", makeTenant()).some((f) => f.name === "vehicle_type")).toBe(false);
  });

  it("keeps the chosen type, reads a missing one as Car and refuses an unknown one", () => {
    const chosen = submit("finance", [...valid, ["vehicle_type", "Motorcycle"]]);
    expect(chosen.status === "success" && chosen.value.vehicle_type).toBe("Motorcycle");
    const missing = submit("finance", valid);
    expect(missing.status === "success" && missing.value.vehicle_type).toBe("Car");
    expect(errors(submit("finance", [...valid, ["vehicle_type", "Spaceship"]])).vehicle_type).toEqual([MESSAGES.required]);
  });
});
