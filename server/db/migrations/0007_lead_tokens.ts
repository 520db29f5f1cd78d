import type { Kysely } from "kysely";

/**
 * Ownership and integrity of a lead:
 * - `update_token_hash`: SHA-256 of the token POST /api/leads returns once; PUT must present it.
 * - `flow_nonce`: the nonce of the latest multi-step cookie; an older cookie cannot write the lead.
 * - `lead_fill_tokens`: fill-time tokens that already served a lead (one form fill, one lead).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("leads").addColumn("update_token_hash", "varchar(64)").execute();
  await db.schema.alterTable("leads").addColumn("flow_nonce", "varchar(64)").execute();
  await db.schema
    .createTable("lead_fill_tokens")
    .addColumn("token", "varchar(64)", (c) => c.primaryKey())
    .addColumn("tenant", "varchar(64)", (c) => c.notNull())
    .addColumn("issued_at", "bigint", (c) => c.notNull())
    .addColumn("used_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("lead_fill_tokens_issued").on("lead_fill_tokens").column("issued_at").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("lead_fill_tokens").execute();
  await db.schema.alterTable("leads").dropColumn("flow_nonce").execute();
  await db.schema.alterTable("leads").dropColumn("update_token_hash").execute();
}
