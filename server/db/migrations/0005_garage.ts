import type { ColumnDefinitionBuilder, Kysely } from "kysely";
import type { DbKind } from "~/server/db/connection";

function serialKey(kind: DbKind) {
  return (column: ColumnDefinitionBuilder) =>
    kind === "sqlite" ? column.primaryKey().autoIncrement() : column.primaryKey().generatedByDefaultAsIdentity();
}

/**
 * Saved cars and the garage:
 * - `saved_cars`: favourites under an owner, either a visitor's opaque device id (`v:device_…`) or a
 *   garage account (`u:<id>`); the price and status when saved (or last alerted) mark 'price dropped'
 *   and 'sold', and `alerts` is the shopper's opt-in for price-drop and sold emails.
 * - `garage_users`, `garage_codes` (one-time sign-in codes, hashed), `garage_sessions` (hashed opaque ids).
 * - `garage_alerts_sent`: one row per alert sent, keyed so an alert is never sent twice.
 */
export async function up(db: Kysely<unknown>, kind: DbKind): Promise<void> {
  await db.schema
    .createTable("saved_cars")
    .addColumn("id", "integer", serialKey(kind))
    .addColumn("tenant", "varchar(64)", (c) => c.notNull())
    .addColumn("owner", "varchar(80)", (c) => c.notNull())
    .addColumn("vehicle_id", "bigint", (c) => c.notNull())
    .addColumn("saved_at", "bigint", (c) => c.notNull())
    .addColumn("saved_price", "double precision")
    .addColumn("alerts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("alert_price", "double precision")
    .addColumn("alert_status", "varchar(16)")
    .addUniqueConstraint("saved_cars_owner_vehicle", ["tenant", "owner", "vehicle_id"])
    .execute();
  await db.schema.createIndex("saved_cars_alerts").on("saved_cars").columns(["tenant", "alerts"]).execute();

  await db.schema
    .createTable("garage_users")
    .addColumn("id", "varchar(40)", (c) => c.primaryKey())
    .addColumn("tenant", "varchar(64)", (c) => c.notNull())
    .addColumn("email", "varchar(254)", (c) => c.notNull())
    .addColumn("name", "varchar(100)")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addUniqueConstraint("garage_users_tenant_email", ["tenant", "email"])
    .execute();

  await db.schema
    .createTable("garage_codes")
    .addColumn("id", "integer", serialKey(kind))
    .addColumn("tenant", "varchar(64)", (c) => c.notNull())
    .addColumn("email", "varchar(254)", (c) => c.notNull())
    .addColumn("code_hash", "varchar(64)", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("expires_at", "bigint", (c) => c.notNull())
    .addColumn("used_at", "bigint")
    .execute();
  await db.schema.createIndex("garage_codes_email").on("garage_codes").columns(["tenant", "email", "created_at"]).execute();

  await db.schema
    .createTable("garage_sessions")
    .addColumn("id_hash", "varchar(64)", (c) => c.primaryKey())
    .addColumn("tenant", "varchar(64)", (c) => c.notNull())
    .addColumn("user_id", "varchar(40)", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("expires_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("garage_sessions_user").on("garage_sessions").column("user_id").execute();

  await db.schema
    .createTable("garage_alerts_sent")
    .addColumn("dedupe_key", "varchar(200)", (c) => c.primaryKey())
    .addColumn("tenant", "varchar(64)", (c) => c.notNull())
    .addColumn("user_id", "varchar(40)", (c) => c.notNull())
    .addColumn("vehicle_id", "bigint", (c) => c.notNull())
    .addColumn("kind", "varchar(16)", (c) => c.notNull())
    .addColumn("sent_at", "bigint", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("garage_alerts_sent").execute();
  await db.schema.dropTable("garage_sessions").execute();
  await db.schema.dropTable("garage_codes").execute();
  await db.schema.dropTable("garage_users").execute();
  await db.schema.dropTable("saved_cars").execute();
}
