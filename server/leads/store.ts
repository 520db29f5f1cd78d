import { randomUUID } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "../db/types";
import type { Tenant } from "../tenants/load";
import { destinationsOf, type Destination } from "./delivery/destinations";
import type { Lead } from "./lead-object";
import { LeadNotFoundError, LeadStoreUnavailableError } from "./store-errors";

export type LeadStatus = "Complete" | "Incomplete";

export type StoredFile = { stored_name: string; content_type: string; size: number };

export type SaveLeadInput = {
  tenant: Tenant;
  lead: Lead;
  files?: StoredFile[];
  /** spec 001 §7 mock mode: stored, never delivered. */
  mock: boolean;
  status: LeadStatus;
  now?: number;
};

export type StoredLead = {
  id: string;
  category: string;
  lead_status: string;
  version: number;
  payload: Lead;
  created_at: number;
  updated_at: number;
};

const MAX_VERSION_RETRIES = 3;

/** Complete leads are always delivered; incomplete ones only when the tenant asks (leads.deliver_incomplete). */
function deliverable(tenant: Tenant, mock: boolean, status: LeadStatus): Destination[] {
  if (mock) return [];
  if (status === "Incomplete" && !tenant.site.leads.deliver_incomplete) return [];
  return destinationsOf(tenant);
}

function deliveryState(mock: boolean, destinations: Destination[], status: LeadStatus): string {
  if (mock) return "mock";
  if (destinations.length > 0) return "pending";
  return status === "Incomplete" ? "held" : "no_destination";
}

async function enqueue(
  trx: Transaction<Database>,
  tenant: Tenant,
  leadId: string,
  version: number,
  payload: string,
  destinations: Destination[],
  now: number,
) {
  if (destinations.length === 0) return;
  // A newer version makes waiting ones stale: the receiver should never get an older state after a newer one.
  await trx.updateTable("lead_outbox").set({ state: "superseded" }).where("lead_id", "=", leadId).where("state", "=", "pending").execute();
  await trx
    .insertInto("lead_outbox")
    .values(
      destinations.map((destination) => ({
        lead_id: leadId,
        tenant: tenant.slug,
        destination,
        idempotency_key: `${leadId}:v${version}:${destination}`,
        state: "pending",
        attempts: 0,
        next_attempt_at: now,
        last_error: null,
        created_at: now,
        delivered_at: null,
        lead_version: version,
        payload,
      })),
    )
    .execute();
}

async function guarded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof LeadNotFoundError) throw error;
    throw new LeadStoreUnavailableError(error);
  }
}

/** Lead, file rows and one outbox row per destination, in one transaction. Returns the new, unguessable id. */
export function saveLead(db: Kysely<Database>, input: SaveLeadInput): Promise<string> {
  const { tenant, mock, status } = input;
  const now = input.now ?? Date.now();
  const id = randomUUID();
  const payload = JSON.stringify({ ...input.lead, lead_id: id, lead_status: status });
  const destinations = deliverable(tenant, mock, status);
  return guarded(() =>
    db.transaction().execute(async (trx) => {
      await trx
        .insertInto("leads")
        .values({
          id,
          tenant: tenant.slug,
          mock: mock ? 1 : 0,
          category: String(input.lead.category ?? ""),
          lead_status: status,
          payload,
          created_at: now,
          updated_at: now,
          delivery_state: deliveryState(mock, destinations, status),
          version: 1,
        })
        .execute();
      if (input.files && input.files.length > 0) {
        await trx
          .insertInto("lead_files")
          .values(input.files.map((file) => ({ id: randomUUID(), lead_id: id, tenant: tenant.slug, ...file, created_at: now })))
          .execute();
      }
      await enqueue(trx, tenant, id, 1, payload, destinations, now);
      return id;
    }),
  );
}

/**
 * spec 001 §4 multi-step: merges the patch into the same row and bumps its version. Only the tenant's own
 * leads: another tenant's id is "not found". Each version that qualifies gets its own outbox rows.
 */
export function updateLead(
  db: Kysely<Database>,
  tenant: Tenant,
  id: string,
  patch: Lead,
  status: LeadStatus,
  now = Date.now(),
): Promise<number> {
  return guarded(async () => {
    for (let attempt = 0; attempt < MAX_VERSION_RETRIES; attempt += 1) {
      const version = await db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom("leads")
          .select(["payload", "version", "mock"])
          .where("id", "=", id)
          .where("tenant", "=", tenant.slug)
          .executeTakeFirst();
        if (!row) throw new LeadNotFoundError(id);
        const current = Number(row.version);
        const mock = Number(row.mock) === 1;
        const merged: Lead = { ...(JSON.parse(row.payload) as Lead), ...patch, lead_id: id, lead_status: status };
        const payload = JSON.stringify(merged);
        const destinations = deliverable(tenant, mock, status);
        const result = await trx
          .updateTable("leads")
          .set({
            payload,
            lead_status: status,
            category: String(merged.category ?? ""),
            version: current + 1,
            updated_at: now,
            delivery_state: deliveryState(mock, destinations, status),
          })
          .where("id", "=", id)
          .where("tenant", "=", tenant.slug)
          .where("version", "=", current)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) !== 1) return null;
        await enqueue(trx, tenant, id, current + 1, payload, destinations, now);
        return current + 1;
      });
      if (version !== null) return version;
    }
    throw new Error(`lead ${id} changed concurrently ${MAX_VERSION_RETRIES} times`);
  });
}

function toStored(row: {
  id: string;
  category: string;
  lead_status: string;
  version: number;
  payload: string;
  created_at: number;
  updated_at: number;
}): StoredLead {
  return {
    id: row.id,
    category: row.category,
    lead_status: row.lead_status,
    version: Number(row.version),
    payload: JSON.parse(row.payload) as Lead,
    created_at: Number(row.created_at),
    updated_at: Number(row.updated_at),
  };
}

/** One lead of this tenant, or null. */
export function getLead(db: Kysely<Database>, tenant: Tenant, id: string): Promise<StoredLead | null> {
  return guarded(async () => {
    const row = await db
      .selectFrom("leads")
      .select(["id", "category", "lead_status", "version", "payload", "created_at", "updated_at"])
      .where("id", "=", id)
      .where("tenant", "=", tenant.slug)
      .executeTakeFirst();
    return row ? toStored(row) : null;
  });
}

/** The tenant's real (non-mock) leads created at or after `since`, oldest first, for export. */
export function listLeads(db: Kysely<Database>, tenant: Tenant, since: number): Promise<StoredLead[]> {
  return guarded(async () => {
    const rows = await db
      .selectFrom("leads")
      .select(["id", "category", "lead_status", "version", "payload", "created_at", "updated_at"])
      .where("tenant", "=", tenant.slug)
      .where("mock", "=", 0)
      .where("created_at", ">=", since)
      .orderBy("created_at")
      .orderBy("id")
      .execute();
    return rows.map(toStored);
  });
}
