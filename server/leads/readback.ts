import { sql, type Kysely } from "kysely";
import { isPostgres } from "~/server/db/group-commit";
import type { Database } from "~/server/db/types";

/**
 * What the QA read-back API shows of a stored lead: the row, its payload (the fields as the dealer
 * receives them) and its outbox rows — enough to check a test lead end to end from outside the
 * machine, on SQLite or PostgreSQL alike. Always scoped to one tenant.
 */
export type ReadbackOutboxRow = {
  destination: string;
  state: string;
  attempts: number;
  last_error: string | null;
  lead_version: number;
  created_at: string;
  delivered_at: string | null;
};

export type ReadbackLead = {
  id: string;
  tenant: string;
  category: string;
  lead_status: string;
  mock: boolean;
  delivery_state: string;
  version: number;
  created_at: string;
  updated_at: string;
  fields: Record<string, unknown>;
  outbox: ReadbackOutboxRow[];
};

/** A test address leaves a handful of leads; more than this means the address is not a test one. */
export const READBACK_MAX_LEADS = 20;

const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());

function parsePayload(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function leadColumns(db: Kysely<Database>) {
  return db
    .selectFrom("leads")
    .select(["id", "tenant", "category", "lead_status", "mock", "delivery_state", "version", "created_at", "updated_at", "payload"]);
}

type LeadRow = Awaited<ReturnType<ReturnType<typeof leadColumns>["execute"]>>[number];

async function withOutbox(db: Kysely<Database>, rows: LeadRow[]): Promise<ReadbackLead[]> {
  if (rows.length === 0) return [];
  const outbox = await db
    .selectFrom("lead_outbox")
    .select(["lead_id", "destination", "state", "attempts", "last_error", "lead_version", "created_at", "delivered_at"])
    .where(
      "lead_id",
      "in",
      rows.map((row) => row.id),
    )
    .orderBy("id")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    tenant: row.tenant,
    category: row.category,
    lead_status: row.lead_status,
    mock: Number(row.mock) === 1,
    delivery_state: row.delivery_state,
    version: Number(row.version),
    created_at: iso(row.created_at) ?? "",
    updated_at: iso(row.updated_at) ?? "",
    fields: parsePayload(row.payload),
    outbox: outbox
      .filter((item) => item.lead_id === row.id)
      .map((item) => ({
        destination: item.destination,
        state: item.state,
        attempts: Number(item.attempts),
        last_error: item.last_error,
        lead_version: Number(item.lead_version),
        created_at: iso(item.created_at) ?? "",
        delivered_at: iso(item.delivered_at),
      })),
  }));
}

/** The tenant's leads whose payload carries this email (exact, case-insensitive), newest first. */
export async function leadsByEmail(db: Kysely<Database>, tenant: string, email: string): Promise<ReadbackLead[]> {
  // The payload is JSON kept as text on both databases (server/db/types.ts).
  const emailOf = isPostgres(db) ? sql<string>`lower(payload::json ->> 'email')` : sql<string>`lower(json_extract(payload, '$.email'))`;
  const rows = await leadColumns(db)
    .where("tenant", "=", tenant)
    .where(emailOf, "=", email.toLowerCase())
    .orderBy("created_at", "desc")
    .limit(READBACK_MAX_LEADS)
    .execute();
  return withOutbox(db, rows);
}

/** One of the tenant's leads by id; another tenant's lead is not found, like a missing one. */
export async function leadById(db: Kysely<Database>, tenant: string, id: string): Promise<ReadbackLead | null> {
  const rows = await leadColumns(db).where("tenant", "=", tenant).where("id", "=", id).execute();
  const [lead] = await withOutbox(db, rows);
  return lead ?? null;
}
