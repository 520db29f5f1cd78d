import path from "node:path";
import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { MESSAGES } from "~/server/leads/messages";
import { planStep, startMultiStep, stepSaved } from "~/server/leads/multi-step";
import { TEST_PHONE_NUMBER } from "~/server/leads/phone";
import { FINANCE_FLOW, FLOWS, SELL_MY_CAR_FLOW, TRADE_IN_FLOW } from "~/server/multi-step/flows";
import { STEP_MESSAGES } from "~/server/multi-step/messages";
import { stepSchema, type StepField } from "~/server/multi-step/step-schema";
import { applyBack, applySkip, atStep, parseIntent, parseStep, reachedStep, viewableStep } from "~/server/multi-step/step-state";
import { loadTenants, type Tenant } from "~/server/tenants/load";
import { makeVehicle } from "../fixtures/vehicles";

const tenants = loadTenants(path.resolve("tenants"));
function tenant(slug: string): Tenant {
  const found = tenants.find((t) => t.slug === slug);
  if (!found) throw new Error(slug);
  return found;
}

function names(fields: StepField[]): string[] {
  return fields.map((field) => field.name);
}

function parse(fields: StepField[], entries: Record<string, string>) {
  const formData = new FormData();
  for (const [name, value] of Object.entries(entries)) formData.append(name, value);
  const submission = parseWithZod(formData, { schema: stepSchema(fields) });
  return submission.status === "success"
    ? { status: "success" as const, value: submission.value, error: undefined }
    : { status: submission.status, value: null, error: submission.error ?? undefined };
}

describe("flow definitions", () => {
  it("each flow has a unique cookie, its own path outside the single-form routes, and a final step that cannot be skipped", () => {
    const flows = Object.values(FLOWS);
    expect(new Set(flows.map((flow) => flow.cookieName)).size).toBe(flows.length);
    expect(flows.map((flow) => flow.path)).toEqual(["/finance/apply", "/trade-in/valuation", "/sell-my-car/steps"]);
    for (const flow of flows) {
      expect(flow.steps[flow.steps.length - 1].skippable).toBe(false);
      expect(flow.steps[0].skippable).toBe(false);
      // Field names are unique across the flow: the values of all steps share one record.
      const all = flow.steps.flatMap((step) => names(step.fields({ tenant: tenant("harbourside"), car: null })));
      expect(new Set(all).size).toBe(all.length);
    }
    expect(FINANCE_FLOW.steps.map((step) => step.title)).toEqual([
      "About you",
      "Contact details",
      "Employment and income",
      "The vehicle",
      "Review and submit",
    ]);
    expect(TRADE_IN_FLOW.steps.map((step) => [step.key, step.skippable])).toEqual([
      ["vehicle", false],
      ["photos", true],
      ["details", false],
    ]);
    expect(SELL_MY_CAR_FLOW.steps.map((step) => step.title)).toEqual([
      "Your vehicle",
      "Condition and photos",
      "Price expectation",
      "Your details",
    ]);
  });

  it("follows the tenant's switches: last name and postcode on southern-used, no state in NZ, miles and plates in the US", () => {
    const details = (slug: string) => names(TRADE_IN_FLOW.steps[2].fields({ tenant: tenant(slug), car: null }));
    expect(details("southern-used")).toEqual(expect.arrayContaining(["name", "last_name", "email", "phone", "postcode"]));
    expect(details("harbourside")).not.toContain("last_name");
    expect(details("harbourside")).toEqual(expect.arrayContaining(["location", "dealership_slug"]));
    expect(details("outback-4x4")).not.toContain("location");
    expect(details("coastal-campers")).toContain("terms");
    const vehicle = (slug: string) => TRADE_IN_FLOW.steps[0].fields({ tenant: tenant(slug), car: null });
    expect(names(vehicle("kiwi-motors"))).not.toContain("rego_state");
    const us = vehicle("lakeside-auto");
    expect(us.find((f) => f.name === "Rego")?.label).toBe("License plate");
    expect(us.find((f) => f.name === "odometer")?.label).toBe("Odometer (miles)");
    expect(us.find((f) => f.name === "rego_state")?.options).toHaveLength(51);
    // spec 001 §9: the form state defaults to qld on Australian sites; US sites choose their own.
    expect(vehicle("harbourside").find((f) => f.name === "rego_state")?.defaultValue).toBe("QLD");
    expect(us.find((f) => f.name === "rego_state")?.defaultValue).toBeUndefined();
    // Finance always asks for the last name (an application needs it).
    expect(names(FINANCE_FLOW.steps[0].fields({ tenant: tenant("harbourside"), car: null }))).toEqual([
      "name",
      "last_name",
      "age_band",
      "residency",
    ]);
  });

  it("asks nothing on the finance vehicle step when the flow is about a stock car", () => {
    const ctx = { tenant: tenant("harbourside"), car: null };
    expect(names(FINANCE_FLOW.steps[3].fields(ctx))).toEqual(["Vehicle Make", "Vehicle Model", "Vehicle Year", "price", "car_type"]);
    expect(FINANCE_FLOW.steps[3].fields({ ...ctx, car: makeVehicle() })).toEqual([]);
  });
});

describe("step rules (one schema, both sides)", () => {
  const contact = (slug: string) => FINANCE_FLOW.steps[1].fields({ tenant: tenant(slug), car: null });

  it("reports the spec's messages", () => {
    const result = parse(contact("southern-used"), { email: "jane@example", phone: "02 9000 0000", postcode: "123" });
    expect(result.status).toBe("error");
    expect(result.error).toMatchObject({
      email: [MESSAGES.invalidEmail],
      phone: [MESSAGES.phoneAuMobile],
      postcode: [MESSAGES.invalidPostcode],
    });
    const empty = parse(FINANCE_FLOW.steps[0].fields({ tenant: tenant("harbourside"), car: null }), { name: "J4ne" });
    expect(empty.error).toMatchObject({
      name: [MESSAGES.alphabeticalOnly],
      last_name: [MESSAGES.required],
      age_band: [MESSAGES.required],
      residency: [MESSAGES.required],
    });
  });

  it("accepts the test phone number in every region", () => {
    for (const slug of ["harbourside", "southern-used", "kiwi-motors", "lakeside-auto"]) {
      const result = parse(contact(slug), { email: "a@b.co", phone: TEST_PHONE_NUMBER, postcode: "2000", location: "x" });
      expect(result.error?.phone, slug).toBeUndefined();
    }
  });

  it("normalises amounts and checks years and whole numbers", () => {
    const employment = FINANCE_FLOW.steps[2].fields({ tenant: tenant("harbourside"), car: null });
    const ok = parse(employment, { employment_status: "Full-time", years_employed: "3", annual_income: "$85,000" });
    expect(ok.status).toBe("success");
    expect(ok.value).toMatchObject({ annual_income: "85000", years_employed: "3" });
    const bad = parse(employment, { employment_status: "Astronaut", years_employed: "three", annual_income: "lots" });
    expect(bad.error).toMatchObject({
      employment_status: [MESSAGES.required],
      years_employed: [STEP_MESSAGES.wholeNumber],
      annual_income: [STEP_MESSAGES.money],
    });
    const vehicle = FINANCE_FLOW.steps[3].fields({ tenant: tenant("harbourside"), car: null });
    expect(parse(vehicle, { "Vehicle Make": "Mazda", "Vehicle Model": "3", "Vehicle Year": "15", price: "20000" }).error).toMatchObject({
      "Vehicle Year": [STEP_MESSAGES.year],
    });
    // An optional year may be left empty.
    expect(parse(vehicle, { "Vehicle Make": "Mazda", "Vehicle Model": "3", price: "20000" }).status).toBe("success");
  });

  it("leaves photos to the upload check", () => {
    expect(stepSchema(TRADE_IN_FLOW.steps[1].fields({ tenant: tenant("harbourside"), car: null })).safeParse({}).success).toBe(true);
  });
});

describe("step handling", () => {
  it("reads intents and step numbers defensively", () => {
    expect(parseIntent("back")).toBe("back");
    expect(parseIntent("skip")).toBe("skip");
    expect(parseIntent("delete")).toBe("submit");
    expect(parseIntent(null)).toBe("submit");
    expect(parseStep("3", FINANCE_FLOW)).toBe(3);
    for (const raw of ["0", "6", "1e1", "-1", "", null, "999"]) expect(parseStep(raw, FINANCE_FLOW)).toBeNull();
  });

  it("walks create → update → skip → back → no re-send → final", () => {
    let state = startMultiStep(4);
    expect(planStep(state, 1)).toEqual({ action: "create", status: "Incomplete" });
    state = stepSaved(state, 1, "lead-1");
    expect(planStep(state, 2)).toEqual({ action: "update", status: "Incomplete" });
    state = stepSaved(state, 2, "lead-1");
    expect(reachedStep(state)).toBe(3);
    expect(viewableStep(state, 4)).toBeNull();
    expect(viewableStep(state, 2)).toBe(2);
    expect(viewableStep(state, null)).toBe(3);

    const skipped = applySkip(state, { condition: "Good", name: "Jane" }, ["condition"]);
    expect(skipped.values).toEqual({ name: "Jane" });
    expect(skipped.state).toMatchObject({ current_step: 4, skipped_steps: [3], skipped_from: 3 });
    expect(reachedStep(skipped.state)).toBe(4);

    const back = applyBack(skipped.state);
    expect(back).toMatchObject({ current_step: 3, skipped_steps: [], skipped_from: null });
    expect(reachedStep(back)).toBe(3);

    // Re-opening step 1 by URL: a sent step is not sent again, and the pending skip-back is dropped.
    const reopened = atStep(skipped.state, 1);
    expect(reopened).toMatchObject({ current_step: 1, skipped_from: null });
    expect(planStep(reopened, 1)).toEqual({ action: "none" });
    expect(atStep(skipped.state, 4)).toBe(skipped.state);

    const final = planStep(skipped.state, 4);
    expect(final).toEqual({ action: "update", status: "Complete" });
    expect(stepSaved(skipped.state, 4, "lead-1")).toMatchObject({ completed: true, sent_steps: [1, 2, 4], skipped_steps: [3] });
  });
});
