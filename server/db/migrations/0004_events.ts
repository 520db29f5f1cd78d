import type { ColumnDefinitionBuilder, Kysely } from "kysely";
import type { DbKind } from "~/server/db/connection";

// SQLite has no identity columns; PostgreSQL has no AUTOINCREMENT.
function serialKey(kind: DbKind) {
  return (column: ColumnDefinitionBuilder) =>
    kind === "sqlite" ? column.primaryKey().autoIncrement() : column.primaryKey().generatedByDefaultAsIdentity();
}

/**
 * The first-party event log (spec 001 §3 analytics event record): one row per event with its
 * spec 001 §9 event id, kept for the tenant's retention period (13 months by default) and then purged.
 */
export async function up(db: Kysely<unknown>, kind: DbKind): Promise<void> {
  await db.schema
    .createTable("events")
    .addColumn("id", "integer", serialKey(kind))
    .addColumn("tenant", "varchar(64)", (c) => c.notNull())
    .addColumn("event_id", "integer", (c) => c.notNull())
    .addColumn("category", "varchar(64)", (c) => c.notNull())
    .addColumn("url", "varchar(500)", (c) => c.notNull())
    .addColumn("lead_id", "varchar(64)")
    .addColumn("anon_id", "varchar(32)")
    .addColumn("session_id", "varchar(32)")
    .addColumn("error_message", "varchar(500)")
    .addColumn("properties", "text")
    .addColumn("source", "varchar(8)", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("events_tenant_time").on("events").columns(["tenant", "created_at"]).execute();
  await db.schema.createIndex("events_tenant_event_time").on("events").columns(["tenant", "event_id", "created_at"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("events").execute();
}
