import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { drainOutbox, startDeliverer } from "~/server/leads/delivery/deliverer";
import { saveLead } from "~/server/leads/store";
import { CLAIM_LEASE_MS, DELIVERY_WINDOW_MS, claim, dueRows, markDelivered, markFailed } from "~/server/leads/outbox";
import { adfDtdErrors } from "../fixtures/adf/adf-dtd";
import { makeTenant } from "../fixtures/leads-tenant";
import { startWebhookReceiver, type WebhookReceiver } from "../fixtures/webhook-receiver";
import { openTestDb, type TestDb } from "./leads-test-db";

const SECRET = "test-secret-0123456789";
const secrets = { TEST_WEBHOOK_SECRET: SECRET };
const T0 = Date.UTC(2026, 5, 1, 9, 0, 0);

let handle: TestDb;
let receiver: WebhookReceiver;
beforeAll(async () => {
  handle = await openTestDb();
  receiver = await startWebhookReceiver(SECRET);
});
afterAll(async () => {
  await receiver.close();
  await handle.cleanup();
});
beforeEach(async () => {
  // Each case starts with an empty outbox so earlier rows are never drained twice.
  await handle.db.updateTable("lead_outbox").set({ state: "delivered" }).where("state", "in", ["pending", "sending"]).execute();
  receiver.requests.length = 0;
  receiver.failNext(0);
});

function webhookTenant(slug: string) {
  return makeTenant({ slug, leads: { webhook: { url: receiver.url, secret_env: "TEST_WEBHOOK_SECRET" } } });
}

const lead = {
  name: "Jane Citizen",
  first_name: "Jane",
  last_name: "",
  email: "jane@example.com",
  phone: "0412345678",
  category: "Used Vehicle Enquiry",
  message: "Is it <still> available?",
};

async function rowsOf(leadId: string) {
  return handle.db.selectFrom("lead_outbox").selectAll().where("lead_id", "=", leadId).execute();
}

describe(`lead delivery on ${process.env.DATABASE_URL ? "PostgreSQL" : "SQLite"}`, () => {
  it("posts a signed {lead} body with an idempotency key and marks it delivered", async () => {
    const tenant = webhookTenant("deliver-ok");
    const id = await saveLead(handle.db, { tenant, lead, mock: false, status: "Complete", now: T0 });
    const result = await drainOutbox(handle.db, [tenant], { now: () => T0, secrets });
    expect(result).toEqual({ delivered: 1, retrying: 0, undeliverable: 0 });
    expect(receiver.requests).toHaveLength(1);
    const [request] = receiver.requests;
    expect(request.signatureValid).toBe(true);
    expect(request.headers["x-forecourt-signature"]).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(request.headers["idempotency-key"]).toBe(`${id}:v1:webhook`);
    expect(request.headers["content-type"]).toBe("application/json");
    expect(request.headers.accept).toBe("application/json");
    expect(JSON.parse(request.body)).toEqual({
      lead: { ...lead, lead_id: id, lead_status: "Complete", created_at: new Date(T0).toISOString() },
    });
    expect((await rowsOf(id))[0]).toMatchObject({ state: "delivered", attempts: 1 });
    const stored = await handle.db.selectFrom("leads").select("delivery_state").where("id", "=", id).executeTakeFirstOrThrow();
    expect(stored.delivery_state).toBe("delivered");
  });

  it("retries after a 500 with backoff and never sends a delivered row again", async () => {
    const tenant = webhookTenant("deliver-retry");
    const id = await saveLead(handle.db, { tenant, lead, mock: false, status: "Complete", now: T0 });
    receiver.failNext(1, JSON.stringify({ error: "receiver is busy" }));
    expect(await drainOutbox(handle.db, [tenant], { now: () => T0, secrets })).toEqual({ delivered: 0, retrying: 1, undeliverable: 0 });
    const [failed] = await rowsOf(id);
    expect(failed).toMatchObject({ state: "pending", attempts: 1, last_error: "receiver is busy" });
    expect(Number(failed.next_attempt_at)).toBe(T0 + 30_000);
    expect(await drainOutbox(handle.db, [tenant], { now: () => T0 + 29_999, secrets })).toEqual({
      delivered: 0,
      retrying: 0,
      undeliverable: 0,
    });
    expect(await drainOutbox(handle.db, [tenant], { now: () => T0 + 30_000, secrets })).toEqual({
      delivered: 1,
      retrying: 0,
      undeliverable: 0,
    });
    expect(await drainOutbox(handle.db, [tenant], { now: () => T0 + 3_600_000, secrets })).toEqual({
      delivered: 0,
      retrying: 0,
      undeliverable: 0,
    });
    expect(receiver.requests.map((r) => r.headers["idempotency-key"])).toEqual([`${id}:v1:webhook`, `${id}:v1:webhook`]);
  });

  it("gives up after 24 hours of failures and keeps the lead", async () => {
    const tenant = webhookTenant("deliver-never");
    const id = await saveLead(handle.db, { tenant, lead, mock: false, status: "Complete", now: T0 });
    receiver.failNext(1000);
    let now = T0;
    let undeliverable = 0;
    for (let i = 0; i < 60 && undeliverable === 0; i += 1) {
      undeliverable = (await drainOutbox(handle.db, [tenant], { now: () => now, secrets })).undeliverable;
      now = Number((await rowsOf(id))[0].next_attempt_at);
    }
    const [row] = await rowsOf(id);
    expect(row.state).toBe("undeliverable");
    expect(row.last_error).toBe("An unexpected error occurred: Internal Server Error");
    const attempts = receiver.requests.length;
    expect(attempts).toBe(Number(row.attempts));
    expect(attempts).toBeGreaterThan(20);
    expect(attempts).toBeLessThan(40);
    expect(await drainOutbox(handle.db, [tenant], { now: () => T0 + 2 * DELIVERY_WINDOW_MS, secrets })).toEqual({
      delivered: 0,
      retrying: 0,
      undeliverable: 0,
    });
    const stored = await handle.db.selectFrom("leads").select("delivery_state").where("id", "=", id).executeTakeFirstOrThrow();
    expect(stored.delivery_state).toBe("undeliverable");
  });

  it("sends each row once when two workers drain at the same time", async () => {
    const tenant = webhookTenant("deliver-race");
    const ids = await Promise.all([1, 2, 3, 4].map(() => saveLead(handle.db, { tenant, lead, mock: false, status: "Complete", now: T0 })));
    const results = await Promise.all([
      drainOutbox(handle.db, [tenant], { now: () => T0, secrets }),
      drainOutbox(handle.db, [tenant], { now: () => T0, secrets }),
    ]);
    expect(results[0].delivered + results[1].delivered).toBe(4);
    expect(receiver.requests.map((r) => r.headers["idempotency-key"]).sort()).toEqual(ids.map((id) => `${id}:v1:webhook`).sort());
  });

  it("counts an attempt cut off by a crash and resends it after the lease with the same Idempotency-Key", async () => {
    const tenant = webhookTenant("deliver-crash");
    const id = await saveLead(handle.db, { tenant, lead, mock: false, status: "Complete", now: T0 });
    // The crashed worker claimed the row (recording the attempt) and died before its outcome was written.
    const [row] = await dueRows(handle.db, T0, 10);
    expect(await claim(handle.db, [row], T0)).toEqual([row]);
    expect((await rowsOf(id))[0]).toMatchObject({ state: "sending", attempts: 1 });
    expect(Number((await rowsOf(id))[0].attempt_started_at)).toBe(T0);
    expect(await drainOutbox(handle.db, [tenant], { now: () => T0 + CLAIM_LEASE_MS - 1, secrets })).toEqual({
      delivered: 0,
      retrying: 0,
      undeliverable: 0,
    });
    expect(await drainOutbox(handle.db, [tenant], { now: () => T0 + CLAIM_LEASE_MS, secrets })).toEqual({
      delivered: 1,
      retrying: 0,
      undeliverable: 0,
    });
    expect(receiver.requests.map((r) => r.headers["idempotency-key"])).toEqual([`${id}:v1:webhook`]);
    expect((await rowsOf(id))[0]).toMatchObject({ state: "delivered", attempts: 2 });
  });

  it("never delivers mock leads", async () => {
    const tenant = webhookTenant("deliver-mock");
    await saveLead(handle.db, { tenant, lead, mock: true, status: "Complete", now: T0 });
    expect(await drainOutbox(handle.db, [tenant], { now: () => T0, secrets })).toEqual({ delivered: 0, retrying: 0, undeliverable: 0 });
    expect(receiver.requests).toEqual([]);
  });

  it("marks a lead delivered only once all its rows are, and undeliverable as soon as one is", async () => {
    const tenant = makeTenant({
      slug: "deliver-state",
      leads: { webhook: { url: receiver.url, secret_env: "TEST_WEBHOOK_SECRET" }, adf: { url: receiver.url } },
    });
    const stateOf = async (id: string) =>
      (await handle.db.selectFrom("leads").select("delivery_state").where("id", "=", id).executeTakeFirstOrThrow()).delivery_state;
    const claimedRowsOf = async (id: string) => {
      const rows = (await dueRows(handle.db, T0, 50)).filter((row) => row.lead_id === id);
      expect(rows.map((row) => row.destination).sort()).toEqual(["adf", "webhook"]);
      expect(await claim(handle.db, rows, T0)).toEqual(rows);
      return rows;
    };
    const afterWindow = T0 + DELIVERY_WINDOW_MS;

    // Both delivered: pending after the first, delivered after the second.
    const delivered = await saveLead(handle.db, { tenant, lead, mock: false, status: "Complete", now: T0 });
    const [first, second] = await claimedRowsOf(delivered);
    await markDelivered(handle.db, first, T0);
    expect(await stateOf(delivered)).toBe("pending");
    await markDelivered(handle.db, second, T0);
    expect(await stateOf(delivered)).toBe("delivered");

    // A retry keeps the lead pending; one row given up makes it undeliverable, also once the other is delivered.
    const givenUp = await saveLead(handle.db, { tenant, lead, mock: false, status: "Complete", now: T0 });
    const [failing, other] = await claimedRowsOf(givenUp);
    await markDelivered(handle.db, other, T0);
    expect(await markFailed(handle.db, failing, "HTTP 500", T0)).toBe("pending");
    expect(await stateOf(givenUp)).toBe("pending");
    await handle.db.updateTable("lead_outbox").set({ state: "sending" }).where("id", "=", failing.id).execute();
    expect(await markFailed(handle.db, failing, "HTTP 500", afterWindow)).toBe("undeliverable");
    expect(await stateOf(givenUp)).toBe("undeliverable");

    // Given up while the other row is still out: undeliverable at once, and it stays so when the other arrives.
    const early = await saveLead(handle.db, { tenant, lead, mock: false, status: "Complete", now: T0 });
    const [lost, late] = await claimedRowsOf(early);
    expect(await markFailed(handle.db, lost, "HTTP 500", afterWindow)).toBe("undeliverable");
    expect(await stateOf(early)).toBe("undeliverable");
    await markDelivered(handle.db, late, T0);
    expect(await stateOf(early)).toBe("undeliverable");
    expect((await rowsOf(early)).map((row) => row.state).sort()).toEqual(["delivered", "undeliverable"]);
  });

  it("posts ADF XML to the ADF destination", async () => {
    const tenant = makeTenant({ slug: "deliver-adf", leads: { adf: { url: receiver.url } } });
    await saveLead(handle.db, {
      tenant,
      lead: { ...lead, car_type: "used", "Vehicle Make": "Toyota", "Vehicle Model": "Corolla", "Vehicle Year": "2021", price: 25990 },
      mock: false,
      status: "Complete",
      now: T0,
    });
    expect((await drainOutbox(handle.db, [tenant], { now: () => T0, secrets })).delivered).toBe(1);
    const [request] = receiver.requests;
    expect(request.headers["content-type"]).toBe("application/xml");
    expect(request.body).toContain('<?adf version="1.0"?>');
    expect(request.body).toContain('<vehicle interest="buy" status="used"><year>2021</year><make>Toyota</make><model>Corolla</model>');
    expect(request.body).toContain("Is it &lt;still&gt; available?");
    expect(request.body).toContain("<requestdate>2026-06-01T09:00:00+00:00</requestdate>");
    expect(adfDtdErrors(request.body)).toBe("");
  });

  it("retries when the webhook secret is missing", async () => {
    const tenant = webhookTenant("deliver-nosecret");
    await saveLead(handle.db, { tenant, lead, mock: false, status: "Complete", now: T0 });
    expect(await drainOutbox(handle.db, [tenant], { now: () => T0, secrets: {} })).toEqual({ delivered: 0, retrying: 1, undeliverable: 0 });
    expect(receiver.requests).toEqual([]);
  });
});

describe("startDeliverer", () => {
  it("delivers in the background and stops cleanly", async () => {
    const tenant = webhookTenant("deliver-loop");
    const id = await saveLead(handle.db, { tenant, lead, mock: false, status: "Complete" });
    const deliverer = startDeliverer(async () => handle, [tenant], 20, { secrets });
    for (let i = 0; i < 100 && receiver.requests.length === 0; i += 1) await new Promise((resolve) => setTimeout(resolve, 20));
    await deliverer.stop();
    expect(receiver.requests.map((r) => r.headers["idempotency-key"])).toEqual([`${id}:v1:webhook`]);
    const later = await saveLead(handle.db, { tenant, lead, mock: false, status: "Complete" });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(receiver.requests).toHaveLength(1);
    expect((await rowsOf(later))[0].state).toBe("pending");
  });
});
