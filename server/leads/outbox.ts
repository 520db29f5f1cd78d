import type { Kysely } from "kysely";
import { writeShared } from "../db/group-commit";
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
  /** Start of the 24-hour retry window: created_at, or when a dealer re-queued the row. */
  window_started_at: number;
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
      "lead_outbox.window_started_at",
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
    window_started_at: Number(row.window_started_at ?? row.created_at),
  }));
}

/**
 * Compare-and-set on the values just read: of two workers, exactly one gets the row. The attempt is
 * counted here, before anything is sent, so an attempt cut off by a crash is on record and the resend
 * after the lease carries the same idempotency key (at-least-once; receivers dedupe on the key).
 */
export async function claim(db: Kysely<Database>, row: OutboxRow, now: number): Promise<boolean> {
  // Durable before the send (writeShared: on SQLite in the next group commit, with the leads).
  const result = await writeShared(db, (writer) =>
    writer
      .updateTable("lead_outbox")
      .set({ state: "sending", next_attempt_at: now + CLAIM_LEASE_MS, attempts: row.attempts + 1, attempt_started_at: now })
      .where("id", "=", row.id)
      .where("state", "=", row.state)
      .where("next_attempt_at", "=", row.next_attempt_at)
      .where("attempts", "=", row.attempts)
      .executeTakeFirst(),
  );
  return Number(result.numUpdatedRows) === 1;
}

export async function refreshLeadState(db: Kysely<Database>, leadId: string): Promise<void> {
  const open = await db
    .selectFrom("lead_outbox")
    .select(["state"])
    .where("lead_id", "=", leadId)
    .where("state", "in", ["pending", "sending", "undeliverable"])
    .execute();
  const state = open.some((r) => r.state === "undeliverable") ? "undeliverable" : open.length > 0 ? "pending" : "delivered";
  await db.updateTable("leads").set({ delivery_state: state }).where("id", "=", leadId).execute();
}

/** `row` as read before claim(): the attempt count it has is the one before this attempt. */
export async function markDelivered(db: Kysely<Database>, row: OutboxRow, now: number): Promise<void> {
  await writeShared(db, async (writer) => {
    await writer
      .updateTable("lead_outbox")
      .set({ state: "delivered", delivered_at: now, last_error: null })
      .where("id", "=", row.id)
      .where("state", "=", "sending")
      .execute();
    await refreshLeadState(writer, row.lead_id);
  });
}

/** Schedules the next attempt, or gives up once the 24-hour window is over. Returns the new state. */
export async function markFailed(db: Kysely<Database>, row: OutboxRow, error: string, now: number): Promise<"pending" | "undeliverable"> {
  const next = now + backoffMs(row.attempts);
  const state = next - row.window_started_at > DELIVERY_WINDOW_MS ? "undeliverable" : "pending";
  await writeShared(db, async (writer) => {
    await writer
      .updateTable("lead_outbox")
      .set({ state, next_attempt_at: next, last_error: error.slice(0, 2000) })
      .where("id", "=", row.id)
      .where("state", "=", "sending")
      .execute();
    await refreshLeadState(writer, row.lead_id);
  });
  return state;
}

/**
 * `npm run leads:retry`: the lead's undeliverable rows go back to pending, due now, with a fresh 24-hour
 * window and their original idempotency keys. Returns how many rows were re-queued.
 */
export async function requeueUndeliverable(db: Kysely<Database>, leadId: string, now: number): Promise<number> {
  const result = await db
    .updateTable("lead_outbox")
    .set({ state: "pending", next_attempt_at: now, window_started_at: now })
    .where("lead_id", "=", leadId)
    .where("state", "=", "undeliverable")
    .executeTakeFirst();
  const requeued = Number(result.numUpdatedRows);
  if (requeued > 0) await refreshLeadState(db, leadId);
  return requeued;
}
