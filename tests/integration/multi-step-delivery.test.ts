import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SELL_MY_CAR_FLOW } from "~/server/multi-step/flows";
import { startFormsApp, type FormsApp } from "./forms-harness";
import { FlowVisitor, validStep } from "./multi-step-visitor";

let app: FormsApp;

beforeAll(async () => {
  // Without MOCK_LEADS the flows store real leads for delivery (the deliverer itself is off in the harness).
  app = await startFormsApp({ MOCK_LEADS: undefined });
});

afterAll(async () => {
  await app?.close();
});

async function outbox(leadId: string) {
  const found = await app.db.db
    .selectFrom("lead_outbox")
    .select(["destination", "lead_version", "state"])
    .where("lead_id", "=", leadId)
    .orderBy("destination")
    .execute();
  return found.map((row) => ({ ...row, lead_version: Number(row.lead_version) }));
}

describe("delivery of a multi-step lead (harbourside: the CRM's ADF email and the sales email, deliver_incomplete off)", () => {
  it("holds the Incomplete versions and queues only the complete one for the dealer", async () => {
    const tenant = app.tenant("harbourside");
    expect(tenant.site.leads.deliver_incomplete).toBe(false);
    const visitor = new FlowVisitor(app, "harbourside.localhost");
    await visitor.post(SELL_MY_CAR_FLOW, 1, validStep(SELL_MY_CAR_FLOW, 1, tenant));
    const row = await app.db.db
      .selectFrom("leads")
      .select(["id", "mock", "delivery_state"])
      .where("tenant", "=", "harbourside")
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ mock: 0, delivery_state: "held" });
    await visitor.post(SELL_MY_CAR_FLOW, 2, validStep(SELL_MY_CAR_FLOW, 2, tenant));
    await visitor.post(SELL_MY_CAR_FLOW, 3, validStep(SELL_MY_CAR_FLOW, 3, tenant));
    expect(await outbox(row.id)).toEqual([]);
    const last = await visitor.post(SELL_MY_CAR_FLOW, 4, validStep(SELL_MY_CAR_FLOW, 4, tenant));
    expect(last.status).toBe(303);
    expect(await outbox(row.id)).toEqual([
      { destination: "adf_email", lead_version: 4, state: "pending" },
      { destination: "notification", lead_version: 4, state: "pending" },
    ]);
    expect(await app.leadCount()).toBe(1);
  });
});
