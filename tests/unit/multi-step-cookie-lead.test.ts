import path from "node:path";
import { describe, expect, it } from "vitest";
import { stepSaved } from "~/server/leads/multi-step";
import type { CookieSettings } from "~/server/security/cookie-settings";
import { newVisitor } from "~/server/visitor/context";
import {
  clearProgress,
  commitProgress,
  FlowCookieTooLargeError,
  readProgress,
  startProgress,
} from "~/server/handlers/multi-step/flow-cookie";
import { buildFlowLead } from "~/server/handlers/multi-step/flow-lead";
import { FINANCE_FLOW, SELL_MY_CAR_FLOW, TRADE_IN_FLOW } from "~/server/multi-step/flows";
import { reviewSummary, stepDefaults } from "~/server/handlers/multi-step/step-page";
import { vehicleOfLead } from "~/server/handlers/multi-step/stored-vehicle";
import { noVehicleLookup } from "~/server/handlers/multi-step/vehicle-lookup";
import { loadTenants, type Tenant } from "~/server/tenants/load";
import { makeVehicle } from "../fixtures/vehicles";

const tenants = loadTenants(path.resolve("tenants"));
function tenant(slug: string): Tenant {
  const found = tenants.find((t) => t.slug === slug);
  if (!found) throw new Error(slug);
  return found;
}

const cookies: CookieSettings = { secure: false, secrets: ["unit-secret-0123456789abcdef", "older-secret-0123456789"] };

function requestWith(cookieHeader: string | null): Request {
  return new Request("http://harbourside.localhost/finance/apply", { headers: cookieHeader ? { Cookie: cookieHeader } : {} });
}

const pairOf = (setCookie: string) => setCookie.split(";")[0];

describe("the flow's signed cookie", () => {
  it("round-trips the progress: lead id, sent and skipped steps, values", async () => {
    const harbourside = tenant("harbourside");
    const progress = {
      ...startProgress(FINANCE_FLOW, harbourside),
      state: stepSaved(startProgress(FINANCE_FLOW, harbourside).state, 1, "7f1c1c1e-0000-4000-8000-000000000001"),
      values: { name: "Jane", opt_in: false },
    };
    const header = await commitProgress(FINANCE_FLOW, progress, cookies);
    expect(header).toMatch(/^fc_flow_finance=/);
    expect(header).toContain("Path=/finance/apply");
    expect(header).toContain("HttpOnly");
    expect(header).toContain("SameSite=Lax");
    expect(header).not.toContain("Secure");
    const read = await readProgress(requestWith(pairOf(header)), FINANCE_FLOW, harbourside, cookies);
    expect(read).toEqual({ progress, restarted: false });
  });

  it("starts over on a tampered value, another tenant, another flow's shape or a missing cookie", async () => {
    const harbourside = tenant("harbourside");
    const progress = {
      ...startProgress(FINANCE_FLOW, harbourside),
      state: stepSaved(startProgress(FINANCE_FLOW, harbourside).state, 1, "lead-of-someone"),
    };
    const pair = pairOf(await commitProgress(FINANCE_FLOW, progress, cookies));
    const [name, value] = pair.split("=");
    const [data, signature] = decodeURIComponent(value).split(".");
    // Re-encode the payload with another lead id but keep the old signature.
    const forgedData = btoa(JSON.stringify({ ...JSON.parse(atob(data)), state: { ...progress.state, lead_id: "other-lead" } }));
    const forged = `${name}=${encodeURIComponent(`${forgedData}.${signature}`)}`;
    const tampered = await readProgress(requestWith(forged), FINANCE_FLOW, harbourside, cookies);
    expect(tampered.restarted).toBe(true);
    expect(tampered.progress.state.lead_id).toBeNull();

    const elsewhere = await readProgress(requestWith(pair), FINANCE_FLOW, tenant("kiwi-motors"), cookies);
    expect(elsewhere.progress).toEqual(startProgress(FINANCE_FLOW, tenant("kiwi-motors")));
    // The same name on a flow with another number of steps (a flow changed between visits).
    const reshaped = await readProgress(
      requestWith(pair.replace("fc_flow_finance", "fc_flow_sell")),
      SELL_MY_CAR_FLOW,
      harbourside,
      cookies,
    );
    expect(reshaped.progress.state.lead_id).toBeNull();
    expect(await readProgress(requestWith(null), FINANCE_FLOW, harbourside, cookies)).toEqual({
      progress: startProgress(FINANCE_FLOW, harbourside),
      restarted: false,
    });
  });

  it("accepts a cookie signed with an older secret still listed (rotation)", async () => {
    const harbourside = tenant("harbourside");
    const pair = pairOf(await commitProgress(FINANCE_FLOW, startProgress(FINANCE_FLOW, harbourside), cookies));
    const rotated: CookieSettings = { secure: false, secrets: ["rotated-secret-0123456789abcdef", "unit-secret-0123456789abcdef"] };
    expect((await readProgress(requestWith(pair), FINANCE_FLOW, harbourside, rotated)).restarted).toBe(false);
  });

  it("refuses to set a cookie the browser would drop, and clears itself at the end", async () => {
    const big = {
      ...startProgress(FINANCE_FLOW, tenant("harbourside")),
      values: Object.fromEntries(Array.from({ length: 8 }, (_, i) => [`f${i}`, "x".repeat(500)])),
    };
    await expect(commitProgress(FINANCE_FLOW, big, cookies)).rejects.toBeInstanceOf(FlowCookieTooLargeError);
    expect(await clearProgress(FINANCE_FLOW, cookies)).toMatch(/^fc_flow_finance=; Max-Age=0; Path=\/finance\/apply/);
  });
});

const visitor = newVisitor(Date.UTC(2025, 0, 1));
const request = { url: "http://harbourside.localhost/finance/apply?step=1", userAgent: "test", now: Date.UTC(2025, 0, 1), hasFiles: false };

describe("the lead of a step", () => {
  it("carries every spec 001 §3 multi-step key even before the visitor answered them", () => {
    const lead = buildFlowLead({
      flow: SELL_MY_CAR_FLOW,
      tenant: tenant("harbourside"),
      values: { "Vehicle Make": "Mazda" },
      car: null,
      visitor,
      request,
    });
    expect(lead).toMatchObject({
      category: "Sell My Car Enquiry",
      subcategory: "Sell My Car",
      event_id: 32,
      "Vehicle Make": "Mazda",
      "Vehicle Model": null,
      car_id: null,
      stock_number: null,
      car_type: null,
      vehicle_status: null,
      opt_in: null,
      message: null,
      dealership_slug: tenant("harbourside").site.dealership_slug,
    });
  });

  it("finance takes the stock car's details over anything typed; trade-in only its identifiers", () => {
    const car = makeVehicle({ id: 42, make: "Toyota", model: "Corolla", year: 2020, car_type: "used", stocknum: "S42", price: 25990 });
    const typed = { "Vehicle Make": "Forged", price: "1", name: "Jane", location: "2101" };
    const finance = buildFlowLead({ flow: FINANCE_FLOW, tenant: tenant("harbourside"), values: typed, car, visitor, request });
    expect(finance).toMatchObject({
      "Vehicle Make": "Toyota",
      "Vehicle Model": "Corolla",
      "Vehicle Year": "2020",
      price: 25990,
      car_id: "42",
      car_type: "used",
      stock_number: "S42",
      category: "Finance Enquiry",
      event_id: 23,
      location_id: 2101,
    });
    const trade = buildFlowLead({
      flow: TRADE_IN_FLOW,
      tenant: tenant("harbourside"),
      values: { "Vehicle Make": "Subaru" },
      car,
      visitor,
      request,
    });
    expect(trade).toMatchObject({
      "Vehicle Make": "Subaru",
      car_id: "42",
      stock_number: "S42",
      category: "Trade-In Enquiry",
      event_id: 16,
    });
  });

  it("uses the only location of a single-location tenant", () => {
    const outback = tenant("outback-4x4");
    const lead = buildFlowLead({ flow: SELL_MY_CAR_FLOW, tenant: outback, values: {}, car: null, visitor, request });
    expect(lead.location_id).toBe(outback.site.locations[0].id);
  });

  it("remembers the vehicle of a completed lead", () => {
    expect(vehicleOfLead({ "Vehicle Make": "Mazda", "Vehicle Model": "CX-5", "Vehicle Year": "2019", car_id: null }, true)).toEqual({
      make: "Mazda",
      model: "CX-5",
      year: "2019",
      car_id: null,
      own: true,
    });
    expect(vehicleOfLead({ "Vehicle Make": null }, false)).toBeNull();
  });
});

describe("what a step page shows", () => {
  it("pre-fills saved answers, then stored user details, then defaults; an unticked box stays unticked", () => {
    const fields = TRADE_IN_FLOW.steps[2].fields({ tenant: tenant("outback-4x4"), car: null });
    expect(stepDefaults(fields, {}, { name: "Stored", email: "s@example.com" }, null)).toEqual({
      name: "Stored",
      email: "s@example.com",
      opt_in: "on",
    });
    expect(stepDefaults(fields, { name: "Typed", opt_in: false }, { name: "Stored" }, null)).toEqual({ name: "Typed" });
    const vehicleFields = TRADE_IN_FLOW.steps[0].fields({ tenant: tenant("outback-4x4"), car: null });
    expect(stepDefaults(vehicleFields, {}, {}, { make: "Ford", model: "Ranger", year: "2017", car_id: null, own: true })).toMatchObject({
      "Vehicle Make": "Ford",
      "Vehicle Model": "Ranger",
      "Vehicle Year": "2017",
    });
    // A car of the dealer's own is not the shopper's trade-in: nothing of it is pre-filled, only the default state.
    expect(stepDefaults(vehicleFields, {}, {}, { make: "Ford", model: "Ranger", year: "2017", car_id: "9", own: false })).toEqual({
      rego_state: "QLD",
    });
  });

  it("summarises every earlier step for the review, skipped ones as skipped, with option labels", () => {
    const harbourside = tenant("harbourside");
    const state = { ...startProgress(FINANCE_FLOW, harbourside).state, sent_steps: [1, 2, 3], skipped_steps: [4], current_step: 5 };
    const summary = reviewSummary(
      FINANCE_FLOW,
      {
        ...startProgress(FINANCE_FLOW, harbourside),
        state,
        values: { name: "Jane", last_name: "Citizen", age_band: "25-34", location: String(harbourside.site.locations[0].id) },
      },
      harbourside,
      null,
    );
    expect(summary.map((group) => [group.title, group.skipped])).toEqual([
      ["About you", false],
      ["Contact details", false],
      ["Employment and income", false],
      ["The vehicle", true],
    ]);
    expect(summary[0].items).toEqual([
      { label: "First Name", value: "Jane" },
      { label: "Last Name", value: "Citizen" },
      { label: "Age", value: "25-34" },
    ]);
    expect(summary[1].items).toEqual([{ label: "Location", value: harbourside.site.locations[0].name }]);
  });
});

describe("the rego lookup seam", () => {
  it("has no provider by default: unavailable, and a lookup finds nothing", async () => {
    expect(noVehicleLookup.available(tenant("harbourside"))).toBe(false);
    expect(await noVehicleLookup.lookup(tenant("harbourside"), { rego: "ABC123", state: "NSW" })).toBeNull();
  });
});
