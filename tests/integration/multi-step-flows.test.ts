import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "~/server/leads/messages";
import { GUARD_MESSAGES } from "~/server/handlers/leads/messages";
import { STORE_REFUSALS } from "~/server/leads/store-errors";
import { issueFillToken } from "~/server/leads/fill-time";
import { logger } from "~/server/lib/logger";
import { FINANCE_FLOW, SELL_MY_CAR_FLOW, TRADE_IN_FLOW } from "~/server/multi-step/flows";
import { STEP_MESSAGES } from "~/server/multi-step/messages";
import type { Vehicle } from "~/server/stock/vehicle";
import { findLatestVehicles } from "~/server/inventory/vehicle-source";
import { html, startFormsApp, TEST_SECRET, type FormsApp } from "./forms-harness";
import { FlowVisitor, PDF_BYTES, PNG_BYTES, validStep } from "./multi-step-visitor";

let app: FormsApp;
let stockCar: Vehicle;
const HOST = "harbourside.localhost";

beforeAll(async () => {
  app = await startFormsApp();
  const vehicles = await findLatestVehicles(app.tenant("harbourside"), {
    log: logger,
    now: Date.now(),
    backend: app.services.search.backendFor(app.tenant("harbourside")),
  });
  const found = vehicles[0];
  if (!found) throw new Error("harbourside has no listed vehicle");
  stockCar = found;
});

afterAll(async () => {
  await app?.close();
});

type Row = { id: string; tenant: string; mock: number; lead_status: string; version: number; payload: Record<string, unknown> };

async function rows(tenant = "harbourside"): Promise<Row[]> {
  const found = await app.db.db
    .selectFrom("leads")
    .select(["id", "tenant", "mock", "lead_status", "version", "payload"])
    .where("tenant", "=", tenant)
    .orderBy("created_at")
    .execute();
  return found.map((row) => ({
    ...row,
    mock: Number(row.mock),
    version: Number(row.version),
    payload: JSON.parse(row.payload) as Record<string, unknown>,
  }));
}

async function rowById(id: string): Promise<Row> {
  const found = (await rows()).concat(await rows("southern-used"), await rows("kiwi-motors")).find((row) => row.id === id);
  if (!found) throw new Error(`no lead ${id}`);
  return found;
}

async function newestId(tenant = "harbourside"): Promise<string> {
  const all = await rows(tenant);
  return all[all.length - 1].id;
}

/** spec 001 §3 multi-step lead payload. */
const MULTI_STEP_KEYS = [
  "category",
  "subcategory",
  "lead_id",
  "lead_status",
  "form_completed",
  "skipped_steps",
  "step_number",
  "dealership_slug",
  "manufacturer_slug",
  "stock_number",
  "Vehicle Make",
  "Vehicle Model",
  "car_type",
  "car_id",
  "vehicle_status",
  "opt_in",
  "message",
];

describe("finance pre-approval (/finance/apply)", () => {
  it("creates one lead on the first step, updates it as Incomplete, records a skip and completes it: one row, every multi-step field", async () => {
    const tenant = app.tenant("harbourside");
    const visitor = new FlowVisitor(app, HOST);
    const page = await visitor.get("/finance/apply");
    expect(page.status).toBe(200);
    expect(page.headers["cache-control"]).toContain("no-store");
    expect(page.body).toContain('data-testid="step-form"');
    expect(page.body).toContain('data-step="1"');
    const before = (await rows()).length;

    const first = await visitor.post(FINANCE_FLOW, 1, validStep(FINANCE_FLOW, 1, tenant));
    expect(first.status).toBe(303);
    expect(first.headers.location).toBe("/finance/apply?step=2");
    const cookie = String(first.headers["set-cookie"]);
    expect(cookie).toMatch(/fc_flow_finance=.+; Max-Age=\d+; Path=\/finance\/apply; HttpOnly; SameSite=Lax/);
    // The lead id is never in a page or a plain field: only in the signed cookie.
    expect((await visitor.get("/finance/apply?step=2")).body).not.toContain(await newestId());
    expect((await rows()).length).toBe(before + 1);
    const id = await newestId();
    expect(await rowById(id)).toMatchObject({
      lead_status: "Incomplete",
      mock: 1,
      version: 1,
      payload: {
        lead_id: id,
        lead_status: "Incomplete",
        step_number: 1,
        form_completed: false,
        skipped_steps: [],
        first_name: "Jane",
        last_name: "Citizen",
      },
    });

    expect((await visitor.post(FINANCE_FLOW, 2, validStep(FINANCE_FLOW, 2, tenant))).headers.location).toBe("/finance/apply?step=3");
    expect((await visitor.post(FINANCE_FLOW, 3, validStep(FINANCE_FLOW, 3, tenant))).headers.location).toBe("/finance/apply?step=4");
    expect(await rowById(id)).toMatchObject({
      version: 3,
      payload: { step_number: 3, lead_status: "Incomplete", email: "jane@example.com", annual_income: "25000" },
    });

    // Skip the vehicle step: nothing is sent; Go Back returns to the step skipped from.
    const skip = await visitor.post(FINANCE_FLOW, 4, {}, { intent: "skip" });
    expect(skip.headers.location).toBe("/finance/apply?step=5");
    expect((await rowById(id)).version).toBe(3);
    const back = await visitor.post(FINANCE_FLOW, 5, {}, { intent: "back" });
    expect(back.status).toBe(303);
    expect(back.headers.location).toBe("/finance/apply?step=4");
    expect((await visitor.post(FINANCE_FLOW, 4, {}, { intent: "skip" })).headers.location).toBe("/finance/apply?step=5");

    const review = await visitor.get("/finance/apply?step=5");
    expect(review.body).toContain('data-testid="step-summary"');
    expect(review.body).toContain("jane@example.com");
    expect(review.body).toContain('data-testid="step-summary-skipped"');

    const last = await visitor.post(FINANCE_FLOW, 5, validStep(FINANCE_FLOW, 5, tenant, null, { message: "Weekdays please" }));
    expect(last.status).toBe(303);
    expect(last.headers.location).toBe("/success?category=finance-enquiry");
    const set = String(last.headers["set-cookie"]);
    expect(set).toMatch(/fc_flow_finance=; Max-Age=0/);
    expect(set).toContain("fc_visitor=");
    expect((await rows()).length).toBe(before + 1);
    const done = await rowById(id);
    expect(done).toMatchObject({ lead_status: "Complete", version: 4 });
    for (const key of MULTI_STEP_KEYS) expect(done.payload, key).toHaveProperty([key]);
    expect(done.payload).toMatchObject({
      category: "Finance Enquiry",
      subcategory: "Finance Pre-Approval",
      lead_id: id,
      lead_status: "Complete",
      form_completed: true,
      skipped_steps: [4],
      step_number: 5,
      manufacturer_slug: tenant.site.manufacturer_slug,
      opt_in: true,
      message: "Weekdays please",
      event_id: 23,
      website_slug: "harbourside",
      source: "Website",
    });
    // The flow is over: the next visit starts a new application.
    expect(visitor.jar.has("fc_flow_finance")).toBe(false);
    expect((await visitor.get("/finance/apply?step=3")).headers.location).toBe("/finance/apply?step=1");
  });

  it("a step already sent is not sent again; the last step sends everything typed since", async () => {
    const tenant = app.tenant("harbourside");
    const visitor = new FlowVisitor(app, HOST);
    await visitor.post(FINANCE_FLOW, 1, validStep(FINANCE_FLOW, 1, tenant));
    const id = await newestId();
    await visitor.post(FINANCE_FLOW, 2, validStep(FINANCE_FLOW, 2, tenant));
    expect((await visitor.post(FINANCE_FLOW, 3, {}, { intent: "back" })).headers.location).toBe("/finance/apply?step=2");
    expect((await visitor.post(FINANCE_FLOW, 2, {}, { intent: "back" })).headers.location).toBe("/finance/apply?step=1");
    // Step 1 again, with a changed name: not re-sent (version stays), but kept for the final lead.
    const again = await visitor.post(FINANCE_FLOW, 1, validStep(FINANCE_FLOW, 1, tenant, null, { name: "Janet" }));
    expect(again.headers.location).toBe("/finance/apply?step=2");
    expect(await rowById(id)).toMatchObject({ version: 2, payload: { first_name: "Jane" } });
    // Reached steps stay open by URL; later ones redirect to the current step.
    expect((await visitor.get("/finance/apply?step=3")).status).toBe(200);
    const ahead = await visitor.get("/finance/apply?step=5");
    expect(ahead.status).toBe(302);
    expect(ahead.headers.location).toBe("/finance/apply?step=2");
    for (const junk of ["abc", "0", "99", "2x"])
      expect((await visitor.get(`/finance/apply?step=${junk}`)).headers.location, junk).toBe("/finance/apply?step=2");
    expect((await visitor.post(FINANCE_FLOW, 5, validStep(FINANCE_FLOW, 5, tenant))).headers.location).toBe("/finance/apply?step=2");
    await visitor.post(FINANCE_FLOW, 2, validStep(FINANCE_FLOW, 2, tenant));
    await visitor.post(FINANCE_FLOW, 3, validStep(FINANCE_FLOW, 3, tenant));
    await visitor.post(FINANCE_FLOW, 4, validStep(FINANCE_FLOW, 4, tenant, null, { "Vehicle Make": "Mazda", "Vehicle Model": "CX-5" }));
    const last = await visitor.post(FINANCE_FLOW, 5, validStep(FINANCE_FLOW, 5, tenant));
    expect(last.status).toBe(303);
    expect(await rowById(id)).toMatchObject({
      lead_status: "Complete",
      payload: { first_name: "Janet", "Vehicle Make": "Mazda", "Vehicle Model": "CX-5", price: "25000", skipped_steps: [], step_number: 5 },
    });
  });

  it("pre-fills the vehicle from ?car_id= and sends the stock record's details, never the form's", async () => {
    const tenant = app.tenant("harbourside");
    const visitor = new FlowVisitor(app, HOST);
    const page = await visitor.get(`/finance/apply?car_id=${stockCar.id}`);
    expect(page.body).toContain('data-testid="form-vehicle"');
    expect(page.body).toContain(`name="car_id" value="${stockCar.id}"`);
    await visitor.post(FINANCE_FLOW, 1, { ...validStep(FINANCE_FLOW, 1, tenant), car_id: String(stockCar.id) });
    const id = await newestId();
    await visitor.post(FINANCE_FLOW, 2, validStep(FINANCE_FLOW, 2, tenant));
    await visitor.post(FINANCE_FLOW, 3, validStep(FINANCE_FLOW, 3, tenant));
    const vehicleStep = await visitor.get("/finance/apply?step=4");
    expect(vehicleStep.body).toContain(html(stockCar.make));
    expect(vehicleStep.body).not.toContain('data-testid="field-Vehicle Make"');
    await visitor.post(FINANCE_FLOW, 4, { "Vehicle Make": "Forged" });
    await visitor.post(FINANCE_FLOW, 5, validStep(FINANCE_FLOW, 5, tenant));
    expect((await rowById(id)).payload).toMatchObject({
      car_id: String(stockCar.id),
      car_type: stockCar.car_type,
      stock_number: stockCar.stocknum,
      "Vehicle Make": stockCar.make,
      "Vehicle Model": stockCar.model,
      "Vehicle Year": String(stockCar.year),
      vehicle_status: stockCar.status,
      lead_status: "Complete",
    });
    expect(visitor.jar.has("fc_vehicle")).toBe(true);

    // 'Forget my details' drops the saved vehicle too.
    const forgot = await app.send(HOST, "/forget-my-details", {
      method: "POST",
      body: "return_to=%2Ffinance%2Fapply",
      headers: { cookie: visitor.cookieHeader(), "content-type": "application/x-www-form-urlencoded" },
    });
    expect(forgot.status).toBe(303);
    const cleared = [forgot.headers["set-cookie"] ?? []].flat().find((cookie) => cookie.startsWith("fc_vehicle="));
    expect(cleared).toMatch(/Max-Age=0/i);
  });

  it("answers a bad step with 400, the exact messages and what was typed; nothing is sent", async () => {
    const tenant = app.tenant("harbourside");
    const visitor = new FlowVisitor(app, HOST);
    await visitor.post(FINANCE_FLOW, 1, validStep(FINANCE_FLOW, 1, tenant));
    const id = await newestId();
    const reply = await visitor.post(
      FINANCE_FLOW,
      2,
      validStep(FINANCE_FLOW, 2, tenant, null, { email: "jane@example", phone: "0612345678" }),
    );
    expect(reply.status).toBe(400);
    expect(reply.body).toContain(`data-testid="field-error-email">${html(MESSAGES.invalidEmail)}<`);
    expect(reply.body).toContain(`data-testid="field-error-phone">${html(MESSAGES.phoneAu)}<`);
    expect(reply.body).toContain('value="jane@example"');
    expect((await rowById(id)).version).toBe(1);
    const empty = await visitor.post(FINANCE_FLOW, 3, {});
    expect(empty.status).toBe(303);
    expect(empty.headers.location).toBe("/finance/apply?step=2");
  });
});

describe("trade-in valuation (/trade-in/valuation)", () => {
  it("skipping the photos step records skipped_steps; Go Back returns to it; photos attach to the same lead", async () => {
    const tenant = app.tenant("kiwi-motors");
    const host = "kiwi-motors.localhost";
    const visitor = new FlowVisitor(app, host);
    const page = await visitor.get("/trade-in/valuation");
    expect(page.body).not.toContain('name="rego_state"');
    await visitor.post(TRADE_IN_FLOW, 1, validStep(TRADE_IN_FLOW, 1, tenant, null, { Rego: "ABC123", "Vehicle Make": "Subaru" }));
    const id = await newestId("kiwi-motors");
    expect((await visitor.post(TRADE_IN_FLOW, 2, {}, { intent: "skip" })).headers.location).toBe("/trade-in/valuation?step=3");
    expect((await visitor.post(TRADE_IN_FLOW, 3, {}, { intent: "back" })).headers.location).toBe("/trade-in/valuation?step=2");

    const refused = await visitor.post(
      TRADE_IN_FLOW,
      2,
      {},
      { files: [{ filename: "doc.pdf", type: "application/pdf", bytes: PDF_BYTES }] },
    );
    expect(refused.status).toBe(400);
    expect(refused.body).toContain(`data-testid="field-error-photos">${html(STEP_MESSAGES.photosType)}<`);
    const uploaded = await visitor.post(TRADE_IN_FLOW, 2, {}, { files: [{ filename: "car.png", type: "image/png", bytes: PNG_BYTES }] });
    expect(uploaded.headers.location).toBe("/trade-in/valuation?step=3");
    const files = await app.db.db.selectFrom("lead_files").select(["lead_id", "content_type"]).where("lead_id", "=", id).execute();
    expect(files).toEqual([{ lead_id: id, content_type: "image/png" }]);

    await visitor.post(TRADE_IN_FLOW, 3, {}, { intent: "skip" });
    expect((await visitor.get("/trade-in/valuation?step=3")).status).toBe(200);
    const last = await visitor.post(TRADE_IN_FLOW, 3, validStep(TRADE_IN_FLOW, 3, tenant));
    expect(last.headers.location).toBe("/success?category=trade-in-enquiry");
    expect(await rows("kiwi-motors")).toHaveLength(1);
    expect((await rowById(id)).payload).toMatchObject({
      category: "Trade-In Enquiry",
      lead_status: "Complete",
      skipped_steps: [],
      step_number: 3,
      Rego: "ABC123",
      "Vehicle Make": "Subaru",
      has_files: true,
      event_id: 16,
      car_id: null,
    });
  });

  it("records 32 ' - Step {n}' for each Incomplete step it sends and the trade-in event 16 once, on completion", async () => {
    const tenant = app.tenant("harbourside");
    expect(tenant.site.analytics.log_events).toBe(true);
    const visitor = new FlowVisitor(app, HOST);
    await visitor.post(TRADE_IN_FLOW, 1, validStep(TRADE_IN_FLOW, 1, tenant));
    const id = await newestId();
    await visitor.post(TRADE_IN_FLOW, 2, validStep(TRADE_IN_FLOW, 2, tenant));
    // Back to step 2 and on again: the step is not re-sent, so it is not tracked again.
    expect((await visitor.post(TRADE_IN_FLOW, 3, {}, { intent: "back" })).headers.location).toBe("/trade-in/valuation?step=2");
    await visitor.post(TRADE_IN_FLOW, 2, validStep(TRADE_IN_FLOW, 2, tenant));
    expect((await visitor.post(TRADE_IN_FLOW, 3, validStep(TRADE_IN_FLOW, 3, tenant))).headers.location).toBe(
      "/success?category=trade-in-enquiry",
    );
    const events = await app.db.db
      .selectFrom("events")
      .select(["event_id", "properties"])
      .where("lead_id", "=", id)
      .orderBy("id")
      .execute();
    expect(events.map((event) => ({ event_id: event.event_id, ...JSON.parse(event.properties ?? "{}") }))).toEqual([
      expect.objectContaining({ event_id: 32, event_action: "Trade-In Enquiry - Step 1", step_number: 1, form_completed: false }),
      expect.objectContaining({ event_id: 32, event_action: "Trade-In Enquiry - Step 2", step_number: 2, form_completed: false }),
      expect.objectContaining({ event_id: 16, event_action: "Trade-In Enquiry", step_number: 3, form_completed: true }),
    ]);
  });

  it("offers no rego lookup without a provider: the page has no button and a lookup post stores nothing", async () => {
    const visitor = new FlowVisitor(app, HOST);
    expect((await visitor.get("/trade-in/valuation")).body).not.toContain('data-testid="step-lookup"');
    const before = await app.leadCount();
    const reply = await visitor.post(TRADE_IN_FLOW, 1, { Rego: "ABC123", rego_state: "NSW" }, { intent: "lookup" });
    expect(reply.status).toBe(400);
    expect(reply.body).not.toContain('data-testid="form-error"');
    expect(visitor.jar.has("fc_flow_trade_in")).toBe(false);
    expect(await app.leadCount()).toBe(before);
  });

  it("a skip that stands is sent with the next saved step", async () => {
    const tenant = app.tenant("harbourside");
    const visitor = new FlowVisitor(app, HOST);
    await visitor.post(TRADE_IN_FLOW, 1, validStep(TRADE_IN_FLOW, 1, tenant));
    const id = await newestId();
    await visitor.post(TRADE_IN_FLOW, 2, {}, { intent: "skip" });
    await visitor.post(TRADE_IN_FLOW, 3, validStep(TRADE_IN_FLOW, 3, tenant));
    expect((await rowById(id)).payload).toMatchObject({ skipped_steps: [2], step_number: 3, form_completed: true, has_files: false });
  });
});

describe("sell my car (/sell-my-car/steps)", () => {
  it("tracks event 32 and ends with the visitor's vehicle stored; photos on the condition step", async () => {
    const tenant = app.tenant("southern-used");
    const visitor = new FlowVisitor(app, "southern-used.localhost");
    await visitor.post(
      SELL_MY_CAR_FLOW,
      1,
      validStep(SELL_MY_CAR_FLOW, 1, tenant, null, { "Vehicle Make": "Holden", "Vehicle Model": "Commodore" }),
    );
    const id = await newestId("southern-used");
    await visitor.post(SELL_MY_CAR_FLOW, 2, validStep(SELL_MY_CAR_FLOW, 2, tenant), {
      files: [{ filename: "a.png", type: "image/png", bytes: PNG_BYTES }],
    });
    expect(await rowById(id)).toMatchObject({ version: 2, payload: { condition: "Excellent", has_files: true, step_number: 2 } });
    await visitor.post(SELL_MY_CAR_FLOW, 3, {}, { intent: "skip" });
    const details = validStep(SELL_MY_CAR_FLOW, 4, tenant, null, { phone: "02 9000 0000" });
    const bad = await visitor.post(SELL_MY_CAR_FLOW, 4, details);
    expect(bad.status).toBe(400);
    expect(bad.body).toContain(`data-testid="field-error-phone">${html(MESSAGES.phoneAuMobile)}<`);
    const last = await visitor.post(SELL_MY_CAR_FLOW, 4, { ...details, phone: "0412 345 678" });
    expect(last.headers.location).toBe("/success?category=sell-my-car-enquiry");
    expect((await rowById(id)).payload).toMatchObject({
      category: "Sell My Car Enquiry",
      event_id: 32,
      skipped_steps: [3],
      last_name: "Citizen",
      postcode: "2000",
      phone: "0412 345 678",
      has_files: true,
      lead_status: "Complete",
    });
    // The next sell-my-car flow pre-fills the visitor's own car.
    expect((await visitor.get("/sell-my-car/steps")).body).toContain('value="Commodore"');
  });
});

describe("one visitor's lead is theirs alone", () => {
  it("another visitor (another cookie jar) or a tampered cookie starts over and cannot touch the lead", async () => {
    const tenant = app.tenant("harbourside");
    const owner = new FlowVisitor(app, HOST);
    await owner.post(FINANCE_FLOW, 1, validStep(FINANCE_FLOW, 1, tenant));
    await owner.post(FINANCE_FLOW, 2, validStep(FINANCE_FLOW, 2, tenant));
    const id = await newestId();
    const before = await rowById(id);

    const stranger = new FlowVisitor(app, HOST);
    expect((await stranger.get("/finance/apply?step=3")).headers.location).toBe("/finance/apply?step=1");
    const posted = await stranger.post(FINANCE_FLOW, 3, validStep(FINANCE_FLOW, 3, tenant));
    expect(posted.status).toBe(303);
    expect(posted.headers.location).toBe("/finance/apply?step=1");

    // The owner's cookie with its payload edited (the signature no longer matches).
    const forged = new FlowVisitor(app, HOST);
    const [value] = (owner.jar.get("fc_flow_finance") ?? "").split(".");
    forged.jar.set("fc_flow_finance", `${value.slice(0, -4)}AAAA.${"x".repeat(43)}`);
    const page = await forged.get("/finance/apply?step=3");
    expect(page.headers.location).toBe("/finance/apply?step=1");
    const start = await forged.get("/finance/apply");
    expect(start.body).toContain('data-step="1"');
    await forged.post(FINANCE_FLOW, 1, validStep(FINANCE_FLOW, 1, tenant, null, { name: "Mallory" }));
    expect(await newestId()).not.toBe(id);

    // The owner's cookie on another tenant's host names no lead there.
    const elsewhere = new FlowVisitor(app, "kiwi-motors.localhost");
    elsewhere.jar.set("fc_flow_finance", owner.jar.get("fc_flow_finance") ?? "");
    expect((await elsewhere.get("/finance/apply?step=3")).headers.location).toBe("/finance/apply?step=1");

    expect(await rowById(id)).toEqual(before);
    expect((await owner.post(FINANCE_FLOW, 3, validStep(FINANCE_FLOW, 3, tenant))).headers.location).toBe("/finance/apply?step=4");
  });
});

describe("replayed progress cookies", () => {
  it("refuses an older cookie, sends the visitor to the lead's current step and leaves the lead as it was", async () => {
    const tenant = app.tenant("harbourside");
    const visitor = new FlowVisitor(app, HOST);
    await visitor.post(FINANCE_FLOW, 1, validStep(FINANCE_FLOW, 1, tenant));
    const id = await newestId();
    const afterStep1 = visitor.jar.get("fc_flow_finance") ?? "";
    expect((await visitor.post(FINANCE_FLOW, 2, validStep(FINANCE_FLOW, 2, tenant))).headers.location).toBe("/finance/apply?step=3");
    const before = await rowById(id);

    const replay = new FlowVisitor(app, HOST);
    replay.jar.set("fc_flow_finance", afterStep1);
    const posted = await replay.post(FINANCE_FLOW, 2, validStep(FINANCE_FLOW, 2, tenant));
    expect(posted.status).toBe(303);
    expect(posted.headers.location).toBe("/finance/apply?step=3");
    expect(await rowById(id)).toEqual(before);

    // The visitor's own, current cookie still works.
    expect((await visitor.post(FINANCE_FLOW, 3, validStep(FINANCE_FLOW, 3, tenant))).headers.location).toBe("/finance/apply?step=4");
  });

  it("answers a step on a Complete lead with 409 and its message, and changes nothing", async () => {
    const tenant = app.tenant("harbourside");
    const visitor = new FlowVisitor(app, HOST);
    for (const step of [1, 2, 3, 4]) await visitor.post(FINANCE_FLOW, step, validStep(FINANCE_FLOW, step, tenant));
    const id = await newestId();
    const beforeLast = visitor.jar.get("fc_flow_finance") ?? "";
    expect((await visitor.post(FINANCE_FLOW, 5, validStep(FINANCE_FLOW, 5, tenant))).headers.location).toMatch(/^\/success\?/);
    const done = await rowById(id);
    expect(done.lead_status).toBe("Complete");

    const late = new FlowVisitor(app, HOST);
    late.jar.set("fc_flow_finance", beforeLast);
    const again = await late.post(FINANCE_FLOW, 5, validStep(FINANCE_FLOW, 5, tenant, null, { message: "Changed after sending" }));
    expect(again.status).toBe(409);
    expect(again.body).toContain(html(STORE_REFUSALS.complete));
    expect(late.jar.has("fc_flow_finance")).toBe(false);
    expect(await rowById(id)).toEqual(done);
  });
});

describe("abuse guards on every step", () => {
  it("refuses a first step filled faster than 2 seconds, a filled honeypot on a later step, and a busy address", async () => {
    const tenant = app.tenant("harbourside");
    const visitor = new FlowVisitor(app, HOST);
    const fast = await visitor.post(FINANCE_FLOW, 1, validStep(FINANCE_FLOW, 1, tenant), {
      fillToken: issueFillToken("harbourside", Date.now() - 500, [TEST_SECRET]),
    });
    expect(fast.status).toBe(400);
    expect(fast.body).toContain(html(GUARD_MESSAGES.tooFast));
    expect(fast.body).toContain('value="Jane"');
    await visitor.post(FINANCE_FLOW, 1, validStep(FINANCE_FLOW, 1, tenant));
    const id = await newestId();
    const bot = await visitor.post(FINANCE_FLOW, 2, validStep(FINANCE_FLOW, 2, tenant), { honeypot: "filled" });
    expect(bot.status).toBe(303);
    expect(bot.headers.location).toMatch(/^\/success\?category=/);
    expect((await rowById(id)).version).toBe(1);

    // RATE_LIMIT_PER_MINUTE is 8 in the harness; Back and Skip count too.
    const ip = "10.250.0.1";
    for (let i = 0; i < 8; i += 1) expect((await visitor.post(FINANCE_FLOW, 2, {}, { intent: "back", ip })).status).toBe(303);
    const limited = await visitor.post(FINANCE_FLOW, 1, {}, { intent: "submit", ip });
    expect(limited.status).toBe(429);
    expect(limited.headers["retry-after"]).toBeDefined();
  });
});
