import type { Kysely } from "kysely";

/**
 * Deposits: one row per checkout started (`id` = the provider's session id), holding the lead built
 * at submit until the payment is confirmed; `payment_events` makes a replayed webhook a no-op.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("payments")
    .addColumn("id", "varchar(255)", (c) => c.primaryKey())
    .addColumn("tenant", "varchar(64)", (c) => c.notNull())
    .addColumn("provider", "varchar(32)", (c) => c.notNull())
    .addColumn("vehicle_id", "bigint", (c) => c.notNull())
    .addColumn("vehicle_slug", "varchar(255)", (c) => c.notNull())
    .addColumn("amount_cents", "bigint", (c) => c.notNull())
    .addColumn("currency", "varchar(3)", (c) => c.notNull())
    .addColumn("status", "varchar(16)", (c) => c.notNull())
    .addColumn("payment_intent", "varchar(255)")
    .addColumn("lead", "text", (c) => c.notNull())
    .addColumn("lead_id", "varchar(64)")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("payments_vehicle").on("payments").columns(["tenant", "vehicle_id"]).execute();
  await db.schema
    .createTable("payment_events")
    .addColumn("id", "varchar(255)", (c) => c.primaryKey())
    .addColumn("received_at", "bigint", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("payment_events").execute();
  await db.schema.dropTable("payments").execute();
}
