import { randomUUID } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import { groupCommitOf, isPostgres } from "~/server/db/group-commit";
import type { Database } from "~/server/db/types";
import type { Tenant } from "~/server/tenants/load";
import { FILL_TOKEN_MAX_AGE_MS } from "./fill-time";
import { destinationsOf, type Destination } from "./delivery/destinations";
import type { Lead } from "./lead-object";
import { FillTokenUsedError, LeadCompleteError, LeadNotFoundError, LeadStoreUnavailableError, StaleFlowError } from "./store-errors";

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
  /** SHA-256 of the update token the JSON API returns; PUT must present the token. */
  updateTokenHash?: string;
  /** The nonce of the multi-step cookie that saved this version. */
  flowNonce?: string;
  /** The form's fill-time token; one that served a lead before refuses this one. */
  fillToken?: UsedFillToken;
};

/** A fill-time token as the store records it: its signature part and when it was issued. */
export type UsedFillToken = { token: string; issuedAt: number };

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

/** One outbox row per destination for this version of the lead. */
function outboxRows(tenant: Tenant, leadId: string, version: number, payload: string, destinations: Destination[], now: number) {
  return destinations.map((destination) => ({
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
  }));
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
  // A newer version makes waiting ones stale: the receiver should never get an older state after a
  // newer one. A new lead has no older rows, so it skips the statement.
  if (version > 1)
    await trx
      .updateTable("lead_outbox")
      .set({ state: "superseded" })
      .where("lead_id", "=", leadId)
      .where("state", "=", "pending")
      .execute();
  await trx
    .insertInto("lead_outbox")
    .values(outboxRows(tenant, leadId, version, payload, destinations, now))
    .execute();
}

// Refusals about the lead itself pass through; anything else means the store could not do its work.
const REFUSALS = [LeadNotFoundError, LeadCompleteError, StaleFlowError, FillTokenUsedError];

async function guarded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (REFUSALS.some((refusal) => error instanceof refusal)) throw error;
    throw new LeadStoreUnavailableError(error);
  }
}

/**
 * Records the fill token in the lead's transaction, so a token serves one stored lead
 * (a failed save leaves it usable). Tokens past their age are refused by checkFillToken anyway, so
 * their rows are dropped here.
 */
async function useFillToken(trx: Transaction<Database>, tenant: Tenant, fill: UsedFillToken, now: number): Promise<void> {
  await trx
    .deleteFrom("lead_fill_tokens")
    .where("issued_at", "<", now - FILL_TOKEN_MAX_AGE_MS)
    .execute();
  const inserted = await trx
    .insertInto("lead_fill_tokens")
    .values({ token: fill.token, tenant: tenant.slug, issued_at: fill.issuedAt, used_at: now })
    .onConflict((conflict) => conflict.column("token").doNothing())
    .returning("token")
    .executeTakeFirst();
  if (!inserted) throw new FillTokenUsedError();
}

/** Lead, file rows and one outbox row per destination, in one transaction. Returns the new, unguessable id. */
export function saveLead(db: Kysely<Database>, input: SaveLeadInput): Promise<string> {
  const { tenant, mock, status } = input;
  const now = input.now ?? Date.now();
  const id = randomUUID();
  // created_at travels with the payload, so the ADF requestdate is the creation time in delivery and export alike.
  const payload = JSON.stringify({ ...input.lead, lead_id: id, lead_status: status, created_at: new Date(now).toISOString() });
  const destinations = deliverable(tenant, mock, status);
  const lead = {
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
    update_token_hash: input.updateTokenHash ?? null,
    flow_nonce: input.flowNonce ?? null,
  };
  const files = input.files ?? [];
  if (isPostgres(db) && !input.fillToken && files.length === 0) {
    // PostgreSQL, the JSON API's lead: the lead and its outbox rows in one statement (the lead's INSERT
    // in a WITH), atomic on its own, so one round trip and one commit where BEGIN, two INSERTs and
    // COMMIT were four round trips (the lead's biggest cost there: docs/benchmarks.md, Leads). SQLite
    // has no INSERT inside WITH, and a fill token or files need the transaction below.
    const rows = outboxRows(tenant, id, 1, payload, destinations, now);
    return guarded(async () => {
      if (rows.length === 0) await db.insertInto("leads").values(lead).execute();
      else
        await db
          .with("lead", (writer) => writer.insertInto("leads").values(lead))
          .insertInto("lead_outbox")
          .values(rows)
          .execute();
      return id;
    });
  }
  // Concurrent leads share one commit (server/db/group-commit.ts); this resolves once it is durable.
  return guarded(() =>
    groupCommitOf(db).run(async (trx) => {
      if (input.fillToken) await useFillToken(trx, tenant, input.fillToken, now);
      await trx.insertInto("leads").values(lead).execute();
      if (files.length > 0) {
        await trx
          .insertInto("lead_files")
          .values(files.map((file) => ({ id: randomUUID(), lead_id: id, tenant: tenant.slug, ...file, created_at: now })))
          .execute();
      }
      await enqueue(trx, tenant, id, 1, payload, destinations, now);
      return id;
    }),
  );
}

/** A multi-step update names the nonce its cookie carries and the one the new cookie will. */
export type FlowNonceChange = { expected: string | null; next: string };

/**
 * spec 001 §4 multi-step: merges the patch into the same row and bumps its version. Only the tenant's own
 * leads: another tenant's id is "not found". Each version that qualifies gets its own outbox rows.
 * A Complete lead is final (LeadCompleteError), and a multi-step update whose cookie is
 * older than the lead's latest step changes nothing (StaleFlowError).
 */
export function updateLead(
  db: Kysely<Database>,
  tenant: Tenant,
  id: string,
  patch: Lead,
  status: LeadStatus,
  now = Date.now(),
  flowNonce?: FlowNonceChange,
): Promise<number> {
  return guarded(async () => {
    for (let attempt = 0; attempt < MAX_VERSION_RETRIES; attempt += 1) {
      const version = await db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom("leads")
          .select(["payload", "version", "mock", "lead_status", "flow_nonce"])
          .where("id", "=", id)
          .where("tenant", "=", tenant.slug)
          .executeTakeFirst();
        if (!row) throw new LeadNotFoundError(id);
        const stored = JSON.parse(row.payload) as Lead;
        if (row.lead_status === "Complete") throw new LeadCompleteError(id);
        if (flowNonce && row.flow_nonce !== flowNonce.expected) throw new StaleFlowError(id, savedStep(stored));
        const current = Number(row.version);
        const mock = Number(row.mock) === 1;
        const merged: Lead = { ...stored, ...patch, lead_id: id, lead_status: status };
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
            ...(flowNonce ? { flow_nonce: flowNonce.next } : {}),
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

/** The last step a multi-step lead saved (spec 001 §3 step_number); 1 when it carries none. */
function savedStep(lead: Lead): number {
  const step = Number(lead.step_number);
  return Number.isInteger(step) && step >= 1 ? step : 1;
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

/** What PUT /api/leads/{id} checks before it changes a lead: the lead, its mock flag and the token hash. */
export type LeadForUpdate = { lead: StoredLead; mock: boolean; updateTokenHash: string | null };

/** One lead of this tenant with what only the update path needs, or null. */
export function getLeadForUpdate(db: Kysely<Database>, tenant: Tenant, id: string): Promise<LeadForUpdate | null> {
  return guarded(async () => {
    const row = await db
      .selectFrom("leads")
      .select(["id", "category", "lead_status", "version", "payload", "created_at", "updated_at", "mock", "update_token_hash"])
      .where("id", "=", id)
      .where("tenant", "=", tenant.slug)
      .executeTakeFirst();
    return row ? { lead: toStored(row), mock: Number(row.mock) === 1, updateTokenHash: row.update_token_hash } : null;
  });
}
