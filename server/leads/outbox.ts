import type { ExpressionBuilder, Kysely } from "kysely";
import { isPostgres, writeShared } from "~/server/db/group-commit";
import type { Database } from "~/server/db/types";

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

/** An outbox row as the deliverer and the QA read-back read it (lead_outbox joined to its lead). */
const OUTBOX_ROW_COLUMNS = [
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
] as const;

/** Outbox rows with their lead's creation time; callers add the conditions and map each row with outboxRow. */
export function selectOutboxRows(db: Kysely<Database>) {
  return db.selectFrom("lead_outbox").innerJoin("leads", "leads.id", "lead_outbox.lead_id").select(OUTBOX_ROW_COLUMNS);
}
type SelectedOutboxRow = Awaited<ReturnType<ReturnType<typeof selectOutboxRows>["execute"]>>[number];

/** Pending rows that are due, and claimed rows whose lease ran out. */
export async function dueRows(db: Kysely<Database>, now: number, limit: number): Promise<OutboxRow[]> {
  const rows = await selectOutboxRows(db)
    .where("lead_outbox.state", "in", ["pending", "sending"])
    .where("lead_outbox.next_attempt_at", "<=", now)
    .orderBy("lead_outbox.id")
    .limit(limit)
    .execute();
  return rows.map(outboxRow);
}

/** A row as selected with OUTBOX_ROW_COLUMNS, its numbers as numbers (PostgreSQL's bigints come back as strings). */
export function outboxRow(row: SelectedOutboxRow): OutboxRow {
  return {
    ...row,
    id: Number(row.id),
    attempts: Number(row.attempts),
    next_attempt_at: Number(row.next_attempt_at),
    created_at: Number(row.created_at),
    lead_created_at: Number(row.lead_created_at),
    payload: row.payload ?? "{}",
    window_started_at: Number(row.window_started_at ?? row.created_at),
  };
}

/**
 * Compare-and-set on the values just read: of two workers, exactly one gets each row. The attempt is
 * counted here, before anything is sent, so an attempt cut off by a crash is on record and the resend
 * after the lease carries the same idempotency key (at-least-once; receivers dedupe on the key).
 * One statement for all the rows given (the deliverer passes one lead's rows): a round trip and a
 * commit per row was a good part of a lead's cost on PostgreSQL (docs/benchmarks.md, Leads).
 * Returns the rows this worker got, in the order given.
 */
export async function claim(db: Kysely<Database>, rows: readonly OutboxRow[], now: number): Promise<OutboxRow[]> {
  if (rows.length === 0) return [];
  // Durable before the send (writeShared: on SQLite in the next group commit, with the leads).
  const claimed = await writeShared(db, (writer) =>
    writer
      .updateTable("lead_outbox")
      .set((eb) => ({ state: "sending", next_attempt_at: now + CLAIM_LEASE_MS, attempts: eb("attempts", "+", 1), attempt_started_at: now }))
      .where((eb) =>
        eb.or(
          rows.map((row) =>
            eb.and([
              eb("id", "=", row.id),
              eb("state", "=", row.state),
              eb("next_attempt_at", "=", row.next_attempt_at),
              eb("attempts", "=", row.attempts),
            ]),
          ),
        ),
      )
      .returning("id")
      .execute(),
  );
  const ids = new Set(claimed.map((row) => Number(row.id)));
  return rows.filter((row) => ids.has(row.id));
}

const OPEN_STATES = ["pending", "sending"];

/**
 * The one rule for a lead's delivery_state, from its outbox rows: 'undeliverable' when any row is,
 * else 'pending' while any row is pending or sending, else 'delivered' (rows of older versions are
 * 'superseded' and do not count). `changed`: a row whose new state is counted instead of what the
 * table shows for it — in a data-modifying WITH, the outer statement reads the rows as they were
 * before the statement, the changed row included.
 */
function leadStateFromRows(leadId: string, changed?: { id: number; state: string }) {
  return (eb: ExpressionBuilder<Database, "leads">) => {
    if (changed?.state === "undeliverable") return eb.val("undeliverable");
    const rowsIn = (states: string[]) => {
      const rows = eb
        .selectFrom("lead_outbox")
        .select("lead_outbox.id")
        .where("lead_outbox.lead_id", "=", leadId)
        .where("lead_outbox.state", "in", states);
      return eb.exists(changed ? rows.where("lead_outbox.id", "<>", changed.id) : rows);
    };
    const undeliverable = eb
      .case()
      .when(rowsIn(["undeliverable"]))
      .then("undeliverable");
    if (changed && OPEN_STATES.includes(changed.state)) return undeliverable.else("pending").end();
    return undeliverable.when(rowsIn(OPEN_STATES)).then("pending").else("delivered").end();
  };
}

export async function refreshLeadState(db: Kysely<Database>, leadId: string): Promise<void> {
  await db
    .updateTable("leads")
    .set((eb) => ({ delivery_state: leadStateFromRows(leadId)(eb) }))
    .where("id", "=", leadId)
    .execute();
}

type Outcome = {
  state: "delivered" | "pending" | "undeliverable";
  delivered_at?: number;
  next_attempt_at?: number;
  last_error: string | null;
};

/**
 * Writes a claimed row's outcome and its lead's delivery_state. PostgreSQL: one statement (the row's
 * update in a WITH, the lead's after it), where the update, the read of the lead's rows and the
 * lead's update were three autocommitted round trips per row. SQLite cannot put an UPDATE in a WITH;
 * there the two updates share the group commit, as the lead did.
 */
async function recordOutcome(db: Kysely<Database>, row: OutboxRow, outcome: Outcome): Promise<void> {
  const updateRow = (writer: Kysely<Database>) =>
    writer.updateTable("lead_outbox").set(outcome).where("id", "=", row.id).where("state", "=", "sending");
  if (isPostgres(db)) {
    await db
      .with("outcome", () => updateRow(db).returning("lead_outbox.lead_id"))
      .updateTable("leads")
      .set((eb) => ({ delivery_state: leadStateFromRows(row.lead_id, { id: row.id, state: outcome.state })(eb) }))
      // The lead by its id (an index lookup; `id in (select lead_id from outcome)` scanned every lead),
      // and only when the row's update took place.
      .where("id", "=", row.lead_id)
      .where((eb) => eb.exists(eb.selectFrom("outcome").select("outcome.lead_id")))
      .execute();
    return;
  }
  await writeShared(db, async (writer) => {
    await updateRow(writer).execute();
    await refreshLeadState(writer, row.lead_id);
  });
}

/** `row` as read before claim(): the attempt count it has is the one before this attempt. */
export async function markDelivered(db: Kysely<Database>, row: OutboxRow, now: number): Promise<void> {
  await recordOutcome(db, row, { state: "delivered", delivered_at: now, last_error: null });
}

/** Schedules the next attempt, or gives up once the 24-hour window is over. Returns the new state. */
export async function markFailed(db: Kysely<Database>, row: OutboxRow, error: string, now: number): Promise<"pending" | "undeliverable"> {
  const next = now + backoffMs(row.attempts);
  const state = next - row.window_started_at > DELIVERY_WINDOW_MS ? "undeliverable" : "pending";
  await recordOutcome(db, row, { state, next_attempt_at: next, last_error: error.slice(0, 2000) });
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
