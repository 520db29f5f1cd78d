import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { openDb } from "~/server/db/connection";
import { getLead, listLeads, saveLead, updateLead } from "~/server/leads/store";
import { LeadNotFoundError, LeadStoreUnavailableError } from "~/server/leads/store-errors";
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

const destinations = {
  webhook: { url: "http://127.0.0.1:9/leads", secret_env: "TEST_WEBHOOK_SECRET" },
  adf: { url: "http://127.0.0.1:9/adf" },
};
const tenantA = makeTenant({ slug: "tenant-a", leads: destinations });
const tenantB = makeTenant({ slug: "tenant-b", leads: destinations });
const incompleteTenant = makeTenant({ slug: "tenant-c", leads: { ...destinations, deliver_incomplete: true } });
const lead = { name: "Jane Citizen", category: "Service Enquiry", email: "jane@example.com" };

async function outboxOf(leadId: string) {
  return handle.db.selectFrom("lead_outbox").selectAll().where("lead_id", "=", leadId).orderBy("id").execute();
}

describe(`lead store on ${process.env.DATABASE_URL ? "PostgreSQL" : "SQLite"}`, () => {
  it("runs in its own database or schema", async () => {
    if (handle.kind === "postgres") {
      const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(handle.db);
      expect(rows[0].schema).toMatch(/^t_/);
    } else {
      expect(handle.target).toMatch(/forecourt-db-.*forecourt\.db$/);
    }
  });

  it("saves the lead, its files and one outbox row per destination", async () => {
    const id = await saveLead(handle.db, {
      tenant: tenantA,
      lead,
      mock: false,
      status: "Complete",
      files: [{ stored_name: "uploads/tenant-a/x.pdf", content_type: "application/pdf", size: 10 }],
    });
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const rows = await outboxOf(id);
    expect(rows.map((r) => r.destination).sort()).toEqual(["adf", "webhook"]);
    expect(rows.every((r) => r.state === "pending" && r.idempotency_key.startsWith(`${id}:v1:`))).toBe(true);
    expect(JSON.parse(rows[0].payload ?? "{}")).toMatchObject({ ...lead, lead_id: id, lead_status: "Complete" });
    const files = await handle.db.selectFrom("lead_files").selectAll().where("lead_id", "=", id).execute();
    expect(files).toHaveLength(1);
    expect(await getLead(handle.db, tenantA, id)).toMatchObject({ id, lead_status: "Complete", version: 1 });
  });

  it("stores mock leads without outbox rows", async () => {
    const id = await saveLead(handle.db, { tenant: tenantA, lead, mock: true, status: "Complete" });
    expect(await outboxOf(id)).toEqual([]);
  });

  it("rolls back the lead when the outbox write fails", async () => {
    const before = await handle.db
      .selectFrom("leads")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    await sql`alter table lead_outbox rename to lead_outbox_away`.execute(handle.db);
    try {
      await expect(saveLead(handle.db, { tenant: tenantA, lead, mock: false, status: "Complete" })).rejects.toBeInstanceOf(
        LeadStoreUnavailableError,
      );
    } finally {
      await sql`alter table lead_outbox_away rename to lead_outbox`.execute(handle.db);
    }
    const after = await handle.db
      .selectFrom("leads")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it("does not let another tenant update a lead", async () => {
    const id = await saveLead(handle.db, { tenant: tenantA, lead, mock: false, status: "Incomplete" });
    await expect(updateLead(handle.db, tenantB, id, { name: "Mallory" }, "Complete")).rejects.toBeInstanceOf(LeadNotFoundError);
    expect(await getLead(handle.db, tenantB, id)).toBeNull();
    expect((await getLead(handle.db, tenantA, id))?.payload.name).toBe("Jane Citizen");
  });

  it("holds incomplete leads back unless the tenant delivers them, then queues the complete version", async () => {
    const id = await saveLead(handle.db, { tenant: tenantA, lead, mock: false, status: "Incomplete" });
    expect(await outboxOf(id)).toEqual([]);
    expect(await updateLead(handle.db, tenantA, id, { phone: "0412345678" }, "Incomplete")).toBe(2);
    expect(await outboxOf(id)).toEqual([]);
    expect(await updateLead(handle.db, tenantA, id, { form_completed: true }, "Complete")).toBe(3);
    const rows = await outboxOf(id);
    expect(rows.map((r) => r.idempotency_key).sort()).toEqual([`${id}:v3:adf`, `${id}:v3:webhook`]);
    expect(JSON.parse(rows[0].payload ?? "{}")).toMatchObject({
      name: "Jane Citizen",
      phone: "0412345678",
      form_completed: true,
      lead_status: "Complete",
    });
  });

  it("queues each version for deliver_incomplete tenants and supersedes waiting older ones", async () => {
    const id = await saveLead(handle.db, { tenant: incompleteTenant, lead, mock: false, status: "Incomplete" });
    await updateLead(handle.db, incompleteTenant, id, { step_number: 2 }, "Complete");
    const rows = await outboxOf(id);
    expect(rows.map((r) => `${r.lead_version}:${r.destination}:${r.state}`)).toEqual([
      "1:webhook:superseded",
      "1:adf:superseded",
      "2:webhook:pending",
      "2:adf:pending",
    ]);
  });

  it("lists a tenant's real leads since a date", async () => {
    const tenant = makeTenant({ slug: "tenant-list" });
    await saveLead(handle.db, { tenant, lead: { ...lead, name: "Old" }, mock: false, status: "Complete", now: 1000 });
    await saveLead(handle.db, { tenant, lead: { ...lead, name: "New" }, mock: false, status: "Complete", now: 5000 });
    await saveLead(handle.db, { tenant, lead: { ...lead, name: "Mock" }, mock: true, status: "Complete", now: 6000 });
    const leads = await listLeads(handle.db, tenant, 2000);
    expect(leads.map((l) => l.payload.name)).toEqual(["New"]);
    expect(leads[0].created_at).toBe(5000);
  });

  it("reports an unreachable database as unavailable, with the form error text", async () => {
    const down = openDb({ databaseUrl: "postgres://postgres@127.0.0.1:1/none", dataDir: "/tmp" });
    try {
      const error = await saveLead(down.db, { tenant: tenantA, lead, mock: false, status: "Complete" }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(LeadStoreUnavailableError);
      expect(error).toMatchObject({ message: MESSAGES.submitError, status: 503 });
    } finally {
      await down.db.destroy();
    }
  });
});
