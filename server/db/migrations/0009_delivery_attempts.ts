import type { Kysely } from "kysely";

/**
 * An attempt is recorded before anything is sent (attempt_started_at), so a delivery cut off by a
 * crash is visible and resent with the same idempotency key; window_started_at restarts the 24-hour retry
 * window when a dealer re-queues an undeliverable lead (null: the row's created_at).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("lead_outbox").addColumn("attempt_started_at", "bigint").execute();
  await db.schema.alterTable("lead_outbox").addColumn("window_started_at", "bigint").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("lead_outbox").dropColumn("window_started_at").execute();
  await db.schema.alterTable("lead_outbox").dropColumn("attempt_started_at").execute();
}
