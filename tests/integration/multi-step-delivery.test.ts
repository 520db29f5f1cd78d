import { describe, expect, it } from "vitest";
import { SELL_MY_CAR_FLOW, TRADE_IN_FLOW } from "~/server/multi-step/flows";
import { formsAppForFile } from "./forms-harness";
import { FlowVisitor, validStep } from "./multi-step-visitor";

// Without MOCK_LEADS the flows store real leads for delivery (the deliverer itself is off in the harness).
const app = formsAppForFile({ MOCK_LEADS: undefined });

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

describe("delivery of a multi-step lead where the tenant delivers incomplete leads (kiwi-motors)", () => {
  it("queues each step's Incomplete version as it is saved, then the complete one", async () => {
    const tenant = app.tenant("kiwi-motors");
    expect(tenant.site.leads.deliver_incomplete).toBe(true);
    const visitor = new FlowVisitor(app, "kiwi-motors.localhost");
    await visitor.post(TRADE_IN_FLOW, 1, validStep(TRADE_IN_FLOW, 1, tenant));
    const row = await app.db.db
      .selectFrom("leads")
      .select(["id", "mock", "lead_status"])
      .where("tenant", "=", "kiwi-motors")
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ mock: 0, lead_status: "Incomplete" });
    expect(await outbox(row.id)).toEqual([
      { destination: "adf_email", lead_version: 1, state: "pending" },
      { destination: "notification", lead_version: 1, state: "pending" },
    ]);
    await visitor.post(TRADE_IN_FLOW, 2, validStep(TRADE_IN_FLOW, 2, tenant));
    const last = await visitor.post(TRADE_IN_FLOW, 3, validStep(TRADE_IN_FLOW, 3, tenant));
    expect(last.headers.location).toBe("/success?category=trade-in-enquiry");
    // A newer version supersedes the older ones still waiting: the dealer never gets an older state after a newer one.
    expect((await outbox(row.id)).filter((entry) => entry.state === "pending")).toEqual([
      { destination: "adf_email", lead_version: 3, state: "pending" },
      { destination: "notification", lead_version: 3, state: "pending" },
    ]);
  });
});
