import type { ColumnDefinitionBuilder, Kysely } from "kysely";
import type { DbKind } from "~/server/db/connection";

// SQLite has no identity columns; PostgreSQL has no AUTOINCREMENT.
function serialKey(kind: DbKind) {
  return (column: ColumnDefinitionBuilder) =>
    kind === "sqlite" ? column.primaryKey().autoIncrement() : column.primaryKey().generatedByDefaultAsIdentity();
}

/**
 * Stock lives in the database. Each vehicle is its spec 000 §3 JSON (payload) plus the
 * columns imports match and filter on; stock_state holds each tenant's stock version (bumped by
 * every applied import, so instances know to rebuild) and how the last import went; price_changes
 * keeps every price change with its time for price-drop alerts.
 */
export async function up(db: Kysely<unknown>, kind: DbKind): Promise<void> {
  await db.schema
    .createTable("vehicles")
    .addColumn("tenant", "varchar(64)", (c) => c.notNull())
    .addColumn("id", "bigint", (c) => c.notNull())
    .addColumn("slug", "varchar(200)", (c) => c.notNull())
    .addColumn("stock_number", "varchar(64)", (c) => c.notNull())
    .addColumn("vin", "varchar(32)")
    .addColumn("status", "varchar(16)", (c) => c.notNull())
    .addColumn("price", "double precision")
    .addColumn("payload", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .addColumn("sold_at", "bigint")
    .addPrimaryKeyConstraint("vehicles_pk", ["tenant", "id"])
    .addUniqueConstraint("vehicles_tenant_slug", ["tenant", "slug"])
    .execute();
  await db.schema.createIndex("vehicles_tenant_stock_number").on("vehicles").columns(["tenant", "stock_number"]).execute();

  await db.schema
    .createTable("stock_state")
    .addColumn("tenant", "varchar(64)", (c) => c.primaryKey())
    .addColumn("version", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("last_import_at", "bigint")
    .addColumn("last_attempt_at", "bigint")
    .addColumn("last_status", "varchar(16)")
    .addColumn("last_message", "text")
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("price_changes")
    .addColumn("id", "integer", serialKey(kind))
    .addColumn("tenant", "varchar(64)", (c) => c.notNull())
    .addColumn("vehicle_id", "bigint", (c) => c.notNull())
    .addColumn("stock_number", "varchar(64)", (c) => c.notNull())
    .addColumn("old_price", "double precision")
    .addColumn("new_price", "double precision")
    .addColumn("changed_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("price_changes_vehicle").on("price_changes").columns(["tenant", "vehicle_id", "changed_at"]).execute();
  await db.schema.createIndex("price_changes_tenant_time").on("price_changes").columns(["tenant", "changed_at"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("price_changes").execute();
  await db.schema.dropTable("stock_state").execute();
  await db.schema.dropTable("vehicles").execute();
}
