import type { Kysely } from "kysely";
import type { Database } from "../db/types";

/** spec: retries for up to 24 hours after the row was created, then 'undeliverable'. */
export const DELIVERY_WINDOW_MS = 24 * 60 * 60 * 1000;
const BASE_BACKOFF_MS = 30_000;
const MAX_BACKOFF_MS = 60 * 60 * 1000;
/** A claimed row whose worker died becomes due again after this lease. */
export const CLAIM_LEASE_MS = 2 * 60 * 1000;

export type OutboxRow = {
  id: number;
  lead_id: string;
  tenant: string;
  destination: string;
  idempotency_key: string;
  state: string;
  attempts: number;
  next_attempt_at: number;
  created_at: number;
  /** When the lead itself was created: the ADF requestdate, the same in delivery and export. */
  lead_created_at: number;
  payload: string;
};

/** 30 s × 2^attempts, capped at one hour. */
export function backoffMs(attempts: number): number {
  return Math.min(BASE_BACKOFF_MS * 2 ** attempts, MAX_BACKOFF_MS);
}

/** Pending rows that are due, and claimed rows whose lease ran out. */
export async function dueRows(db: Kysely<Database>, now: number, limit: number): Promise<OutboxRow[]> {
  const rows = await db
    .selectFrom("lead_outbox")
    .innerJoin("leads", "leads.id", "lead_outbox.lead_id")
    .select([
      "lead_outbox.id",
      "lead_outbox.lead_id",
      "lead_outbox.tenant",
      "lead_outbox.destination",
      "lead_outbox.idempotency_key",
      "lead_outbox.state",
      "lead_outbox.attempts",
      "lead_outbox.next_attempt_at",
      "lead_outbox.created_at",
      "lead_outbox.payload",
      "leads.created_at as lead_created_at",
    ])
    .where("lead_outbox.state", "in", ["pending", "sending"])
    .where("lead_outbox.next_attempt_at", "<=", now)
    .orderBy("lead_outbox.id")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    ...row,
    id: Number(row.id),
    attempts: Number(row.attempts),
    next_attempt_at: Number(row.next_attempt_at),
    created_at: Number(row.created_at),
    lead_created_at: Number(row.lead_created_at),
    payload: row.payload ?? "{}",
  }));
}

/** Compare-and-set on the values just read: of two workers, exactly one gets the row. */
export async function claim(db: Kysely<Database>, row: OutboxRow, now: number): Promise<boolean> {
  const result = await db
    .updateTable("lead_outbox")
    .set({ state: "sending", next_attempt_at: now + CLAIM_LEASE_MS })
    .where("id", "=", row.id)
    .where("state", "=", row.state)
    .where("next_attempt_at", "=", row.next_attempt_at)
    .where("attempts", "=", row.attempts)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

async function refreshLeadState(db: Kysely<Database>, leadId: string): Promise<void> {
  const open = await db
    .selectFrom("lead_outbox")
    .select(["state"])
    .where("lead_id", "=", leadId)
    .where("state", "in", ["pending", "sending", "undeliverable"])
    .execute();
  const state = open.some((r) => r.state === "undeliverable") ? "undeliverable" : open.length > 0 ? "pending" : "delivered";
  await db.updateTable("leads").set({ delivery_state: state }).where("id", "=", leadId).execute();
}

export async function markDelivered(db: Kysely<Database>, row: OutboxRow, now: number): Promise<void> {
  await db
    .updateTable("lead_outbox")
    .set({ state: "delivered", delivered_at: now, attempts: row.attempts + 1, last_error: null })
    .where("id", "=", row.id)
    .where("state", "=", "sending")
    .execute();
  await refreshLeadState(db, row.lead_id);
}

/** Schedules the next attempt, or gives up once the 24-hour window is over. Returns the new state. */
export async function markFailed(db: Kysely<Database>, row: OutboxRow, error: string, now: number): Promise<"pending" | "undeliverable"> {
  const attempts = row.attempts + 1;
  const next = now + backoffMs(row.attempts);
  const state = next - row.created_at > DELIVERY_WINDOW_MS ? "undeliverable" : "pending";
  await db
    .updateTable("lead_outbox")
    .set({ state, attempts, next_attempt_at: next, last_error: error.slice(0, 2000) })
    .where("id", "=", row.id)
    .where("state", "=", "sending")
    .execute();
  await refreshLeadState(db, row.lead_id);
  return state;
}
