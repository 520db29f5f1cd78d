import { describe, expect, it } from "vitest";
import { formFields, formSchema } from "~/server/leads/forms";
import { MESSAGES } from "~/server/leads/messages";
import { formValuesFromLead, issueList, kindForLead, leadPatch, multiStepExtrasSchema } from "~/server/handlers/leads/api-lead";
import { makeTenant } from "../fixtures/leads-tenant";

describe("kindForLead", () => {
  it("maps each form's category to its kind, careers as sent too, unknown to general", () => {
    expect(kindForLead({ category: "Service Enquiry" })).toBe("service");
    expect(kindForLead({ category: "Used Vehicle Enquiry" })).toBe("vehicle");
    expect(kindForLead({ category: "Demo Vehicle Enquiry" })).toBe("vehicle");
    expect(kindForLead({ category: "Careers Enquiry" })).toBe("careers");
    expect(kindForLead({ category: "General Enquiry", subcategory: "Career Enquiry" })).toBe("careers");
    expect(kindForLead({ category: "General Enquiry" })).toBe("general");
    expect(kindForLead({ category: "Something Else" })).toBe("general");
    expect(kindForLead({})).toBe("general");
  });
});

describe("formValuesFromLead", () => {
  const tenant = makeTenant();

  it("renames location_id and the category, stringifies numbers and reads checkbox booleans", () => {
    const { values, present } = formValuesFromLead(
      {
        category: "General Enquiry",
        name: "Jane",
        email: "jane@example.com",
        phone: "0412345678",
        message: "Hi",
        location_id: 11,
        opt_in: true,
      },
      formFields("general", tenant),
    );
    expect(values).toMatchObject({ category: "General", location: "11", opt_in: true });
    expect([...present].sort()).toEqual(["category", "email", "location", "message", "name", "opt_in", "phone"]);
    expect(formSchema("general", tenant).safeParse(values).success).toBe(true);
  });

  it("hands objects to the schema as text so they are refused, never stored", () => {
    const { values } = formValuesFromLead({ name: { first: "Jane" } }, formFields("general", tenant));
    const result = formSchema("general", tenant).safeParse(values);
    expect(result.success).toBe(false);
    if (!result.success) expect(issueList(result.error.issues).errors.name).toEqual([MESSAGES.alphabeticalOnly]);
  });
});

describe("issueList", () => {
  it("puts the first problem in `error` (spec 001 §8) and all of them by field", () => {
    expect(
      issueList([
        { path: ["email"], message: "invalid email address" },
        { path: ["email"], message: "x" },
        { path: [], message: "y" },
      ]),
    ).toEqual({
      error: "email: invalid email address",
      errors: { email: ["invalid email address", "x"], lead: ["y"] },
    });
  });
});

describe("leadPatch", () => {
  const stored = { first_name: "Jane", last_name: "Citizen", name: "Jane Citizen", subcategory: "Contact" };

  it("keeps only the fields sent, recombines the name and maps location and category", () => {
    const patch = leadPatch(
      stored,
      { name: "Janet", location: "12", message: "Hi", email: "ignored@example.com" },
      new Set(["name", "location", "message"]),
      { category: "Careers Enquiry" },
      { step_number: 2 },
      "au",
    );
    expect(patch).toEqual({
      message: "Hi",
      first_name: "Janet",
      last_name: "Citizen",
      name: "Janet Citizen",
      location_id: 12,
      category: "General Enquiry",
      subcategory: "Career Enquiry",
      step_number: 2,
    });
  });

  it("never copies lead_status into the payload patch (the store writes it)", () => {
    expect(leadPatch(stored, {}, new Set(), {}, { lead_status: "Complete", form_completed: true }, "au")).toEqual({ form_completed: true });
  });

  it("keeps the E.164 form beside a changed phone number", () => {
    expect(leadPatch(stored, { phone: "0412 345 678" }, new Set(["phone"]), {}, {}, "au")).toEqual({
      phone: "0412 345 678",
      phone_e164: "+61412345678",
    });
  });
});

describe("multiStepExtrasSchema", () => {
  it("accepts the spec's multi-step keys and refuses wrong types", () => {
    expect(multiStepExtrasSchema.safeParse({ lead_status: "Incomplete", skipped_steps: [2], step_number: 3 }).success).toBe(true);
    expect(multiStepExtrasSchema.safeParse({ lead_status: "Done" }).success).toBe(false);
    expect(multiStepExtrasSchema.safeParse({ step_number: "3" }).success).toBe(false);
  });
});
