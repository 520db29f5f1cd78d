import type { Kysely } from "kysely";

/**
 * Multi-step leads are updated in place (spec 001 §4); each saved version gets its own outbox rows,
 * carrying the payload as it was, so a retry never sends a newer or older state than it promised.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("leads")
    .addColumn("version", "integer", (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable("lead_outbox")
    .addColumn("lead_version", "integer", (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.alterTable("lead_outbox").addColumn("payload", "text").execute();
  await db.schema.createIndex("lead_outbox_lead").on("lead_outbox").columns(["lead_id", "destination"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("lead_outbox_lead").execute();
  await db.schema.alterTable("lead_outbox").dropColumn("payload").execute();
  await db.schema.alterTable("lead_outbox").dropColumn("lead_version").execute();
  await db.schema.alterTable("leads").dropColumn("version").execute();
}
