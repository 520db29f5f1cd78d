import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMultiStep, skipStep } from "~/server/leads/multi-step";
import { submitLead, submitStep } from "~/server/leads/submit";
import { getLead } from "~/server/leads/store";
import { openDb } from "~/server/db/connection";
import { MESSAGES } from "~/server/leads/messages";
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

describe(`multi-step submission on ${process.env.DATABASE_URL ? "PostgreSQL" : "SQLite"}`, () => {
  it("creates, updates, skips and completes one lead, delivering only the complete version", async () => {
    let state = startMultiStep(3);
    const first = await submitStep(handle.db, state, 1, { tenant, lead: { ...base, "Vehicle Make": "Mazda" }, mock: false });
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
    const last = await submitStep(handle.db, state, 3, { tenant, lead: { ...base, phone: "0412345678" }, mock: false });
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

  it("does not write again when a sent step is submitted twice", async () => {
    const first = await submitStep(handle.db, startMultiStep(3), 1, { tenant, lead: base, mock: false });
    const again = await submitStep(handle.db, { ...first.state, current_step: 1 }, 1, {
      tenant,
      lead: { ...base, name: "Changed" },
      mock: false,
    });
    expect(again.result).toMatchObject({ ok: true, lead_id: first.state.lead_id });
    const stored = await getLead(handle.db, tenant, first.state.lead_id ?? "");
    expect(stored).toMatchObject({ version: 1, payload: { name: "Jane" } });
  });

  it("answers another tenant's lead id as a failure with lead_id null", async () => {
    const first = await submitStep(handle.db, startMultiStep(2), 1, { tenant, lead: base, mock: false });
    const other = makeTenant({ slug: "intruder" });
    const step = await submitStep(handle.db, first.state, 2, { tenant: other, lead: base, mock: false });
    expect(step.result).toMatchObject({ ok: false, lead_id: null, status: 404 });
    expect(step.state).toEqual(first.state);
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
