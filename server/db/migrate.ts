import { Migrator, sql, type Kysely, type Migration, type MigrationProvider } from "kysely";
import type { Db, DbKind } from "./connection";
import * as m0001 from "./migrations/0001_initial";
import * as m0002 from "./migrations/0002_lead_versions";
import * as m0003 from "./migrations/0003_vehicles";
import * as m0004 from "./migrations/0004_events";
import * as m0005 from "./migrations/0005_garage";
import * as m0006 from "./migrations/0006_saved_searches";
import * as m0007 from "./migrations/0007_lead_tokens";
import * as m0009 from "./migrations/0009_delivery_attempts";
import * as m0012 from "./migrations/0012_payments";
import * as m0017 from "./migrations/0017_saved_search_digest";
import * as m0018 from "./migrations/0018_vehicle_search_values";
import * as m0024 from "./migrations/0024_stock_demo";

type KindAwareMigration = {
  up(db: Kysely<unknown>, kind: DbKind): Promise<void>;
  down?(db: Kysely<unknown>, kind: DbKind): Promise<void>;
};

// Listed statically so the server bundle carries them; the same list serves SQLite and PostgreSQL.
const migrations: Record<string, KindAwareMigration> = {
  "0001_initial": m0001,
  "0002_lead_versions": m0002,
  "0003_vehicles": m0003,
  "0004_events": m0004,
  "0005_garage": m0005,
  "0006_saved_searches": m0006,
  "0007_lead_tokens": m0007,
  "0009_delivery_attempts": m0009,
  "0012_payments": m0012,
  "0017_saved_search_digest": m0017,
  "0018_vehicle_search_values": m0018,
  "0024_stock_demo": m0024,
};

class StaticProvider implements MigrationProvider {
  constructor(private readonly kind: DbKind) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    const out: Record<string, Migration> = {};
    for (const [name, migration] of Object.entries(migrations)) {
      out[name] = {
        up: (db) => migration.up(db, this.kind),
        down: migration.down ? (db) => migration.down!(db, this.kind) : undefined,
      };
    }
    return out;
  }
}

/**
 * On PostgreSQL the migration tables are named with the connection's own schema: unqualified,
 * Kysely's "does the table exist" check matches a table of that name in any schema, so a database
 * holding several schemas (instances side by side, parallel test runs) skipped creating them.
 */
async function migrationSchema(handle: Db): Promise<string | undefined> {
  if (handle.kind !== "postgres") return undefined;
  const result = await sql<{ schema: string }>`select current_schema() as schema`.execute(handle.db);
  return result.rows[0]?.schema ?? undefined;
}

export async function migrateToLatest(handle: Db): Promise<string[]> {
  const migrator = new Migrator({
    db: handle.db,
    provider: new StaticProvider(handle.kind),
    migrationTableSchema: await migrationSchema(handle),
    // Numbers are handed out to parallel branches: a database already at 0009 still takes a later-merged 0004.
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`database migration failed on ${handle.target}: ${reason}`, { cause: error });
  }
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}
