import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMultiStep, skipStep } from "~/server/leads/multi-step";
import { submitLead, submitStep } from "~/server/leads/submit";
import { getLead } from "~/server/leads/store";
import { openDb } from "~/server/db/connection";
import { MESSAGES } from "~/server/leads/messages";
import { STORE_REFUSALS } from "~/server/leads/store-errors";
import { makeTenant } from "../fixtures/leads-tenant";
import { openTestDb, type TestDb } from "./leads-test-db";

let handle: TestDb;
beforeAll(async () => {
  handle = await openTestDb();
});
afterAll(async () => {
  await handle.cleanup();
});

const tenant = makeTenant({ slug: "multi", leads: { webhook: { url: "http://127.0.0.1:9/x", secret_env: "TEST_WEBHOOK_SECRET" } } });
const base = { category: "Sell My Car Enquiry", subcategory: "Sell My Car", name: "Jane" };

async function outboxCount(leadId: string) {
  const rows = await handle.db.selectFrom("lead_outbox").select("lead_version").where("lead_id", "=", leadId).execute();
  return rows.map((r) => Number(r.lead_version));
}

/** The nonce change of a step whose cookie carries `expected`; each step a new `next`. */
let nonceCounter = 0;
function nonce(expected: string | null) {
  nonceCounter += 1;
  return { expected, next: `n${nonceCounter}` };
}

describe(`multi-step submission on ${process.env.DATABASE_URL ? "PostgreSQL" : "SQLite"}`, () => {
  it("creates, updates, skips and completes one lead, delivering only the complete version", async () => {
    let state = startMultiStep(3);
    const first = await submitStep(handle.db, state, 1, { tenant, lead: { ...base, "Vehicle Make": "Mazda" }, mock: false }, nonce(null));
    expect(first.result).toMatchObject({ ok: true, eventId: 32, eventAction: "Sell My Car Enquiry - Step 1" });
    state = first.state;
    const id = state.lead_id ?? "";
    expect((await getLead(handle.db, tenant, id))?.payload).toMatchObject({
      lead_status: "Incomplete",
      step_number: 1,
      form_completed: false,
      "Vehicle Make": "Mazda",
    });

    state = skipStep(state);
    const last = await submitStep(handle.db, state, 3, { tenant, lead: { ...base, phone: "0412345678" }, mock: false }, nonce(first.nonce));
    expect(last.result).toMatchObject({ ok: true, lead_id: id, eventAction: "Sell My Car Enquiry - Step 3" });
    expect(last.state.completed).toBe(true);
    const stored = await getLead(handle.db, tenant, id);
    expect(stored?.payload).toMatchObject({
      lead_id: id,
      lead_status: "Complete",
      form_completed: true,
      skipped_steps: [2],
      step_number: 3,
      "Vehicle Make": "Mazda",
      phone: "0412345678",
    });
    expect(await outboxCount(id)).toEqual([2]);
  });

  it("tracks a trade-in's Incomplete steps as event 32 ' - Step {n}' and its completion once as the trade-in event", async () => {
    const tradeIn = { category: "Trade-In Enquiry", subcategory: "Trade-In Valuation", name: "Jane" };
    const first = await submitStep(handle.db, startMultiStep(3), 1, { tenant, lead: tradeIn, mock: false }, nonce(null));
    expect(first).toMatchObject({ sent: true, result: { ok: true, eventId: 32, eventAction: "Trade-In Enquiry - Step 1" } });
    const second = await submitStep(handle.db, first.state, 2, { tenant, lead: tradeIn, mock: false }, nonce(first.nonce));
    expect(second).toMatchObject({ sent: true, result: { eventId: 32, eventAction: "Trade-In Enquiry - Step 2" } });
    // Step 1 again after Go Back: not re-sent, so no event of its own.
    const again = await submitStep(
      handle.db,
      { ...second.state, current_step: 1 },
      1,
      { tenant, lead: tradeIn, mock: false },
      nonce(second.nonce),
    );
    expect(again.sent).toBe(false);
    const last = await submitStep(handle.db, second.state, 3, { tenant, lead: tradeIn, mock: false }, nonce(again.nonce));
    expect(last).toMatchObject({ sent: true, result: { ok: true, eventId: 16, eventAction: "Trade-In Enquiry" } });
    expect(last.state.completed).toBe(true);
  });

  it("does not write again when a sent step is submitted twice", async () => {
    const first = await submitStep(handle.db, startMultiStep(3), 1, { tenant, lead: base, mock: false }, nonce(null));
    const again = await submitStep(
      handle.db,
      { ...first.state, current_step: 1 },
      1,
      { tenant, lead: { ...base, name: "Changed" }, mock: false },
      nonce(first.nonce),
    );
    expect(again.result).toMatchObject({ ok: true, lead_id: first.state.lead_id });
    const stored = await getLead(handle.db, tenant, first.state.lead_id ?? "");
    expect(stored).toMatchObject({ version: 1, payload: { name: "Jane" } });
  });

  it("answers another tenant's lead id as a failure with lead_id null", async () => {
    const first = await submitStep(handle.db, startMultiStep(2), 1, { tenant, lead: base, mock: false }, nonce(null));
    const other = makeTenant({ slug: "intruder" });
    const step = await submitStep(handle.db, first.state, 2, { tenant: other, lead: base, mock: false }, nonce(first.nonce));
    expect(step.result).toMatchObject({ ok: false, lead_id: null, status: 404 });
    expect(step.state).toEqual(first.state);
  });

  it("refuses a step whose cookie is older than the lead (a replay) and changes nothing", async () => {
    const first = await submitStep(handle.db, startMultiStep(3), 1, { tenant, lead: base, mock: false }, nonce(null));
    const second = await submitStep(
      handle.db,
      first.state,
      2,
      { tenant, lead: { ...base, phone: "0412345678" }, mock: false },
      nonce(first.nonce),
    );
    expect(second.result.ok).toBe(true);
    // The cookie of step 1 again: its nonce is no longer the lead's.
    const replay = await submitStep(
      handle.db,
      first.state,
      2,
      { tenant, lead: { ...base, name: "Mallory" }, mock: false },
      nonce(first.nonce),
    );
    expect(replay.result).toMatchObject({ ok: false, lead_id: null, status: 409, savedStep: 2 });
    const stored = await getLead(handle.db, tenant, first.state.lead_id ?? "");
    expect(stored).toMatchObject({ version: 2, payload: { name: "Jane", step_number: 2 } });
  });

  it("refuses any change to a Complete lead with 409 and the message", async () => {
    const first = await submitStep(handle.db, startMultiStep(2), 1, { tenant, lead: base, mock: false }, nonce(null));
    const last = await submitStep(handle.db, first.state, 2, { tenant, lead: base, mock: false }, nonce(first.nonce));
    expect(last.state.completed).toBe(true);
    const again = await submitStep(
      handle.db,
      first.state,
      2,
      { tenant, lead: { ...base, name: "Mallory" }, mock: false },
      nonce(last.nonce),
    );
    expect(again.result).toMatchObject({ ok: false, status: 409, error: STORE_REFUSALS.complete });
    expect((await getLead(handle.db, tenant, first.state.lead_id ?? ""))?.payload.name).toBe("Jane");
  });

  it("stores one lead per fill token: the second lead with it is refused with the form's message", async () => {
    const fillToken = { token: `token-${Date.now()}`, issuedAt: Date.now() - 5000 };
    expect(await submitLead(handle.db, { tenant, lead: base, mock: false, fillToken })).toMatchObject({ ok: true });
    expect(await submitLead(handle.db, { tenant, lead: base, mock: false, fillToken })).toEqual({
      ok: false,
      lead_id: null,
      error: STORE_REFUSALS.fillTokenUsed,
      status: 400,
    });
  });

  it("submits a single form and reports a database outage as lead_id null with the form error", async () => {
    const ok = await submitLead(handle.db, { tenant, lead: { category: "Careers Enquiry", subcategory: "Career Enquiry" }, mock: false });
    expect(ok).toMatchObject({ ok: true, eventId: 51 });
    const down = openDb({ databaseUrl: "postgres://postgres@127.0.0.1:1/none", dataDir: "/tmp" });
    try {
      expect(await submitLead(down.db, { tenant, lead: base, mock: false })).toEqual({
        ok: false,
        lead_id: null,
        error: MESSAGES.submitError,
        status: 503,
      });
    } finally {
      await down.db.destroy();
    }
  });
});
