import type { Kysely } from "kysely";

/**
 * Issue 10 §7: each vehicle's indexed values (server/search/search-values.ts) in a table of their
 * own, so an index build reads ~0.5 KB per vehicle instead of parsing the whole record. Their own
 * table, not a column of vehicles: SQLite keeps a late column of a 2.7 KB row at the end of its
 * overflow pages, and a 200,000-vehicle read through them took 0.6 s against 0.25 s here.
 * Vehicles written before this migration have no row: they are read from the record until the
 * tenant's next import rewrites them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("vehicle_search_values")
    .addColumn("tenant", "varchar(64)", (c) => c.notNull())
    .addColumn("id", "bigint", (c) => c.notNull())
    .addColumn("search_values", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("vehicle_search_values_pk", ["tenant", "id"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("vehicle_search_values").execute();
}
