import type { Kysely } from "kysely";

/**
 * A saved search's opted-in daily email. `digest` is the opt-in, `digest_since` the time
 * of its last email (or of the opt-in); `saved_search_digests_sent` holds one claimed row per search
 * per local day, so two instances (or the CLI and the timer) send it once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("saved_searches")
    .addColumn("digest", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("saved_searches").addColumn("digest_since", "bigint").execute();
  await db.schema
    .createTable("saved_search_digests_sent")
    .addColumn("dedupe_key", "varchar(255)", (c) => c.primaryKey())
    .addColumn("tenant", "varchar(64)", (c) => c.notNull())
    .addColumn("search_id", "bigint", (c) => c.notNull())
    .addColumn("sent_at", "bigint", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("saved_search_digests_sent").execute();
  await db.schema.alterTable("saved_searches").dropColumn("digest_since").execute();
  await db.schema.alterTable("saved_searches").dropColumn("digest").execute();
}
