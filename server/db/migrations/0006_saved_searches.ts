import type { ColumnDefinitionBuilder, Kysely } from "kysely";
import type { DbKind } from "~/server/db/connection";

function serialKey(kind: DbKind) {
  return (column: ColumnDefinitionBuilder) =>
    kind === "sqlite" ? column.primaryKey().autoIncrement() : column.primaryKey().generatedByDefaultAsIdentity();
}

/** A garage user's saved searches (name + search URL); `seen_at` dates 'new matches'. */
export async function up(db: Kysely<unknown>, kind: DbKind): Promise<void> {
  await db.schema
    .createTable("saved_searches")
    .addColumn("id", "integer", serialKey(kind))
    .addColumn("tenant", "varchar(64)", (c) => c.notNull())
    .addColumn("user_id", "varchar(40)", (c) => c.notNull())
    .addColumn("name", "varchar(100)", (c) => c.notNull())
    .addColumn("url", "varchar(2000)", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("seen_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("saved_searches_user").on("saved_searches").columns(["tenant", "user_id"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("saved_searches").execute();
}
