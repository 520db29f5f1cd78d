import type { ColumnDefinitionBuilder, Kysely } from "kysely";
import type { DbKind } from "~/server/db/connection";

// SQLite has no identity columns; PostgreSQL has no AUTOINCREMENT.
function serialKey(kind: DbKind) {
  return (column: ColumnDefinitionBuilder) =>
    kind === "sqlite" ? column.primaryKey().autoIncrement() : column.primaryKey().generatedByDefaultAsIdentity();
}

export async function up(db: Kysely<unknown>, kind: DbKind): Promise<void> {
  await db.schema
    .createTable("leads")
    .addColumn("id", "varchar(64)", (c) => c.primaryKey())
    .addColumn("tenant", "varchar(64)", (c) => c.notNull())
    .addColumn("mock", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("category", "varchar(200)", (c) => c.notNull())
    .addColumn("lead_status", "varchar(32)", (c) => c.notNull())
    .addColumn("payload", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .addColumn("delivery_state", "varchar(32)", (c) => c.notNull().defaultTo("pending"))
    .execute();
  await db.schema.createIndex("leads_tenant_created").on("leads").columns(["tenant", "created_at"]).execute();

  await db.schema
    .createTable("lead_files")
    .addColumn("id", "varchar(64)", (c) => c.primaryKey())
    .addColumn("lead_id", "varchar(64)", (c) => c.notNull().references("leads.id"))
    .addColumn("tenant", "varchar(64)", (c) => c.notNull())
    .addColumn("stored_name", "varchar(200)", (c) => c.notNull())
    .addColumn("content_type", "varchar(100)", (c) => c.notNull())
    .addColumn("size", "integer", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("lead_outbox")
    .addColumn("id", "integer", serialKey(kind))
    .addColumn("lead_id", "varchar(64)", (c) => c.notNull().references("leads.id"))
    .addColumn("tenant", "varchar(64)", (c) => c.notNull())
    .addColumn("destination", "varchar(32)", (c) => c.notNull())
    .addColumn("idempotency_key", "varchar(128)", (c) => c.notNull().unique())
    .addColumn("state", "varchar(32)", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "bigint", (c) => c.notNull())
    .addColumn("last_error", "text")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("delivered_at", "bigint")
    .execute();
  await db.schema.createIndex("lead_outbox_due").on("lead_outbox").columns(["state", "next_attempt_at"]).execute();

  await db.schema
    .createTable("phone_reveals")
    .addColumn("id", "integer", serialKey(kind))
    .addColumn("tenant", "varchar(64)", (c) => c.notNull())
    .addColumn("car_id", "integer", (c) => c.notNull())
    .addColumn("dealership_id", "integer", (c) => c.notNull())
    .addColumn("website_id", "integer", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("phone_reveals").execute();
  await db.schema.dropTable("lead_outbox").execute();
  await db.schema.dropTable("lead_files").execute();
  await db.schema.dropTable("leads").execute();
}
