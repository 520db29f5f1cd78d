import type { Kysely } from "kysely";

/**
 * A tenant's stock is still the generated demo (1) until its first real import, which removes the
 * demo cars instead of marking them sold (docs/operations.md "Stock feeds").
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("stock_state")
    .addColumn("demo", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("stock_state").dropColumn("demo").execute();
}
