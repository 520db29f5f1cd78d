import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { findLatestVehicles } from "~/server/inventory/vehicle-source";
import { logger } from "~/server/lib/logger";
import type { Vehicle } from "~/server/stock/vehicle";
import { startFakePartner, type FakePartner } from "../fixtures/fake-partner";
import { html, startFormsApp, validFields, type FormsApp } from "./forms-harness";

// spec 001 §7: "The submission target is chosen by a name: 'server' sends the lead, 'car-clarity' sends to the partner."
let app: FormsApp;
let partner: FakePartner;
let car: Vehicle;
const HOST = "southern-used.localhost";

beforeAll(async () => {
  partner = await startFakePartner();
  // Real mode: MOCK_LEADS would keep every submission local.
  app = await startFormsApp({ MOCK_LEADS: undefined, TEST_CAR_CLARITY_KEY: "cc-key-1", RATE_LIMIT_PER_MINUTE: "1000" });
  const site = app.tenant("southern-used").site;
  site.partners = { ...site.partners, car_clarity: { base_url: partner.url, key_env: "TEST_CAR_CLARITY_KEY" } };
  site.features.form.targets = { finance: "car-clarity" };
  // A target without its partner entry: those forms still reach the dealer.
  app.tenant("kiwi-motors").site.features.form.targets = { general: "car-clarity" };
  const tenant = app.tenant("southern-used");
  const vehicles = await findLatestVehicles(tenant, { log: logger, now: Date.now(), backend: app.services.search.backendFor(tenant) });
  if (!vehicles[0]) throw new Error("southern-used has no listed vehicle");
  car = vehicles[0];
});

afterAll(async () => {
  await app?.close();
  await partner?.close();
});

beforeEach(() => {
  partner.requests.length = 0;
});

/** The multipart fields the partner received. */
function partFields(body: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const match of body.matchAll(/name="([^"]+)"\r\n\r\n([^\r]*)\r\n/g)) fields[match[1] ?? ""] = match[2] ?? "";
  return fields;
}

describe("a form whose target is 'car-clarity'", () => {
  it("sends the validated enquiry and its car to the partner, stores no lead and lands on /success", async () => {
    const tenant = app.tenant("southern-used");
    const before = await app.leadCount("southern-used");
    const fields = validFields("finance", tenant, { car_id: String(car.id), message: "Weekly repayments please" });
    const reply = await app.postForm(HOST, "/finance-enquiry", fields);
    expect(reply.status).toBe(303);
    expect(reply.headers.location).toBe("/success?category=finance-enquiry");
    expect(await app.leadCount("southern-used")).toBe(before);
    expect(partner.requests).toHaveLength(1);
    const [sent] = partner.requests;
    expect(sent).toMatchObject({ method: "POST", path: "/customers" });
    expect(sent?.headers.authorization).toBe("Bearer cc-key-1");
    expect(sent?.headers.accept).toBe("application/json");
    expect(partFields(sent?.body ?? "")).toMatchObject({
      dealer: "southern-used",
      email: fields.email,
      message: "Weekly repayments please",
      category: "Finance Enquiry",
      subcategory: "Finance Application",
      make: car.make,
      model: car.model,
    });
  });

  it("shows the partner's failure in the form (spec 001 §8) and stores nothing", async () => {
    const tenant = app.tenant("southern-used");
    const before = await app.leadCount("southern-used");
    partner.answerNext({ status: 500, json: { error: "Customer service down" } });
    const reply = await app.postForm(HOST, "/finance-enquiry", validFields("finance", tenant));
    expect(reply.status).toBe(502);
    expect(reply.body).toContain(html("Customer service down"));
    expect(await app.leadCount("southern-used")).toBe(before);
  });
});

describe("a 'car-clarity' form in mock mode (MOCK_LEADS=1, staging and QA)", () => {
  it("calls no partner and keeps a mock lead, as every form does there", async () => {
    const tenant = app.tenant("southern-used");
    const before = await app.leadCount("southern-used");
    app.services.env.MOCK_LEADS = true;
    try {
      const reply = await app.postForm(HOST, "/finance-enquiry", validFields("finance", tenant));
      expect(reply.headers.location).toBe("/success?category=finance-enquiry");
    } finally {
      app.services.env.MOCK_LEADS = false;
    }
    expect(partner.requests).toHaveLength(0);
    expect(await app.leadCount("southern-used")).toBe(before + 1);
    const stored = await app.db.db
      .selectFrom("leads")
      .select(["mock", "category"])
      .where("tenant", "=", "southern-used")
      .orderBy("created_at", "desc")
      .executeTakeFirstOrThrow();
    expect({ ...stored, mock: Number(stored.mock) }).toEqual({ mock: 1, category: "Finance Enquiry" });
  });
});

describe("a form whose target is 'server' (the default)", () => {
  it("stores the lead for the dealer and calls no partner", async () => {
    const tenant = app.tenant("southern-used");
    const before = await app.leadCount("southern-used");
    const reply = await app.postForm(HOST, "/contact", validFields("general", tenant));
    expect(reply.headers.location).toBe("/success?category=general-enquiry");
    expect(await app.leadCount("southern-used")).toBe(before + 1);
    expect(partner.requests).toHaveLength(0);
  });

  it("is also where a 'car-clarity' form goes on a site without a partners.car_clarity entry", async () => {
    const tenant = app.tenant("kiwi-motors");
    const before = await app.leadCount("kiwi-motors");
    const reply = await app.postForm("kiwi-motors.localhost", "/contact", validFields("general", tenant));
    expect(reply.status).toBe(303);
    expect(await app.leadCount("kiwi-motors")).toBe(before + 1);
    expect(partner.requests).toHaveLength(0);
  });
});
