import { sql, type Kysely, type Selectable, type Transaction } from "kysely";
import type { Db } from "~/server/db/connection";
import type { Database } from "~/server/db/types";
import type { Logger } from "~/server/lib/logger";
import { decodeSearchValues, encodeSearchValues, searchValues, type SearchValues } from "~/server/search/search-values";
import type { Vehicle } from "~/server/stock/vehicle";
import type { Tenant } from "~/server/tenants/load";
import { DEFAULT_MAX_FEED_BYTES } from "~/server/stock-feed/decode";
import type { ImportMode, PriceChange } from "~/server/stock-feed/diff";
import { FeedError } from "~/server/stock-feed/messages";
import { planImport, unreadableFeedReport, type ImportOptions } from "~/server/stock-feed/plan";
import { readFeed, type FeedInput, type ReadFeed } from "~/server/stock-feed/read-feed";
import type { ImportReport } from "~/server/stock-feed/report";
import { vehiclesHeldByDeposit } from "~/server/payments/payment-store";

export type StockState = {
  version: number;
  /** The last applied import (epoch ms). */
  last_import_at: number | null;
  /** The last import tried, applied or refused. */
  last_attempt_at: number | null;
  last_status: "applied" | "refused" | null;
  last_message: string | null;
};

export type ApplyOptions = {
  mode?: ImportMode;
  force?: boolean;
  dryRun?: boolean;
  /** The file, URL or "push", for the report. */
  source: string;
  /** The import time; tests pin it. */
  now?: number;
  /**
   * Called inside the import's transaction with the vehicles written, before it commits (the
   * Meilisearch update): when it throws, the import is refused and the database keeps its stock,
   * so the database and the search index never disagree.
   */
  publish?: (writes: readonly Vehicle[], removedIds: readonly number[]) => Promise<void>;
  /** The generated demo stock being loaded: the tenant's stock is marked demo, for the first real import to replace. */
  demo?: boolean;
  /**
   * Called before every 10,000 vehicles written: the command line collects its garbage there (each batch's rows live
   * across the writes' awaits, so V8 promotes them and lets that garbage grow to several times the live data).
   */
  betweenWrites?: () => void;
};

/** The channel PostgreSQL instances LISTEN on; an import NOTIFYs it with the tenant at commit. */
export const STOCK_CHANNEL = "forecourt_stock";

export type StockStoreConfig = { maxFeedBytes?: number; log?: Logger };

export type StockStore = {
  /** Every vehicle of the tenant, sold ones included (the stock filter of spec 000 §4 is the reader's). */
  loadVehicles(tenant: string): Promise<Vehicle[]>;
  /**
   * The same vehicles a page at a time, in id order: an index build adds each page and drops it,
   * so a large tenant is never all in memory as objects (issue 10 §7).
   */
  vehiclePages(tenant: string): AsyncIterable<Vehicle[]>;
  /** What an index build reads of the same vehicles (their indexed values), a page at a time in id order. */
  searchValuePages(tenant: string): AsyncIterable<SearchValues[]>;
  /** Whether the tenant has any vehicle, sold ones included (one indexed row read, for the start). */
  hasVehicles(tenant: string): Promise<boolean>;
  vehicleBySlug(tenant: string, slug: string): Promise<Vehicle | null>;
  /** The vehicles with these ids, in the order asked (missing ones left out). */
  vehiclesByIds(tenant: string, ids: readonly number[]): Promise<Vehicle[]>;
  /**
   * Bumped by every import that changes the tenant's stock (0 before the first). Anything else
   * that writes vehicles must bump it too: imports rely on it to notice concurrent changes.
   */
  version(tenant: string): Promise<number>;
  /** Every tenant's version, for instances polling for changes. */
  versions(): Promise<Map<string, number>>;
  state(tenant: string): Promise<StockState | null>;
  /** Every tenant with a stock state, for /healthz. */
  states(): Promise<Map<string, StockState>>;
  /** A feed that could not even be fetched (scheduled pull): recorded like a refusal, stock unchanged. */
  recordFailedAttempt(tenant: string, message: string, now?: number): Promise<void>;
  priceChanges(tenant: string, vehicleId: number): Promise<PriceChange[]>;
  /**
   * Read, check and diff a feed, and apply it in one transaction that bumps the tenant's version —
   * or refuse it whole and change no vehicle. A dry run changes nothing at all.
   */
  applyImport(tenant: Tenant, feed: FeedInput, options: ApplyOptions): Promise<ImportReport>;
  /**
   * Issue 16: a paid deposit marks the vehicle reserved, under the tenant's lock, when `eligible` still holds
   * for it (spec 000 §5); a new stock version (and NOTIFY) so every instance shows 'Reserved' and hides
   * Reserve. 'refused': not found or no longer eligible (sold, already reserved…): nothing changes.
   */
  reserveVehicle(tenant: string, vehicleId: number, eligible: (vehicle: Vehicle) => boolean, now?: number): Promise<"reserved" | "refused">;
  /**
   * Removes the generated demo stock of a tenant that still holds it (`stock:import --clear-demo`),
   * in one transaction with a new version; `publish` removes the same ids from a search index.
   * Returns how many vehicles went (0, and nothing changed, when the stock is not the demo).
   */
  clearDemo(tenant: string, options?: { now?: number; publish?: ApplyOptions["publish"] }): Promise<number>;
};

// Rows per INSERT: 11 columns × 500 stays far below SQLite's and PostgreSQL's bound-parameter limits.
const BATCH = 500;
const ID_BATCH = 500;

type Executor = Kysely<Database> | Transaction<Database>;

// Payloads are written only by applyImport from checked vehicles; parsing them again would cost
// a 50,000-vehicle tenant seconds on every load.
function parseVehicle(payload: string): Vehicle {
  return JSON.parse(payload) as Vehicle;
}

/** A vehicle as written: its record and, apart, what the search index reads of it. */
type StoredVehicle = { record: Database["vehicles"]; searchValues: Database["vehicle_search_values"] };

function vehicleRow(tenant: string, vehicle: Vehicle, now: number): StoredVehicle {
  return {
    record: recordRow(tenant, vehicle, now),
    searchValues: { tenant, id: vehicle.id, search_values: encodeSearchValues(vehicle) },
  };
}

function recordRow(tenant: string, vehicle: Vehicle, now: number): Database["vehicles"] {
  return {
    tenant,
    id: vehicle.id,
    slug: vehicle.slug,
    stock_number: vehicle.stocknum,
    vin: vehicle.vin,
    status: vehicle.status,
    price: vehicle.price,
    payload: JSON.stringify(vehicle),
    created_at: vehicle.created_at_timestamp,
    updated_at: now,
    sold_at: vehicle.sold_date_timestamp,
  };
}

// Rows per read when loading a whole tenant: better-sqlite3 and JSON.parse are synchronous, so a
// 50,000-vehicle tenant is read in pages with the event loop free between them (searches on the
// previous index keep answering while the next one is loaded).
const LOAD_PAGE = 500;

async function* loadPages(db: Executor, tenant: string): AsyncGenerator<Vehicle[]> {
  let after = Number.MIN_SAFE_INTEGER;
  for (;;) {
    const rows = await db
      .selectFrom("vehicles")
      .select(["id", "payload"])
      .where("tenant", "=", tenant)
      .where("id", ">", after)
      .orderBy("id")
      .limit(LOAD_PAGE)
      .execute();
    yield rows.map((row) => parseVehicle(row.payload));
    if (rows.length < LOAD_PAGE) return;
    after = Number(rows[rows.length - 1].id);
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

/**
 * Each vehicle's indexed values a page at a time, in id order: what an index build reads (issue 10
 * §7). Rows whose stored values are missing or were written for another attribute list are read
 * from their records instead.
 */
async function* loadSearchValuePages(db: Executor, tenant: string): AsyncGenerator<SearchValues[]> {
  // Every write stores both rows, so normally each vehicle has its values and the small table is read
  // alone (0.22 s for 200,000 on SQLite against 0.4-0.5 s joined); otherwise the join finds the gaps.
  const complete = (await countRows(db, "vehicles", tenant)) === (await countRows(db, "vehicle_search_values", tenant));
  let after = Number.MIN_SAFE_INTEGER;
  for (;;) {
    const rows = complete ? await storedValuesAfter(db, tenant, after) : await vehiclesWithValuesAfter(db, tenant, after);
    const stored = rows.map((row) => decodeSearchValues(row.search_values));
    const staleIds = rows.filter((_, at) => !stored[at]).map((row) => row.id);
    const fromRecords = new Map<number, SearchValues>();
    if (staleIds.length > 0) {
      const records = await db
        .selectFrom("vehicles")
        .select(["id", "payload"])
        .where("tenant", "=", tenant)
        .where("id", "in", staleIds)
        .execute();
      for (const record of records) fromRecords.set(Number(record.id), searchValues(parseVehicle(record.payload)));
    }
    // A row removed between the two reads is left out, as if read a moment later.
    const page: SearchValues[] = [];
    rows.forEach((row, at) => {
      const values = stored[at] ?? fromRecords.get(Number(row.id));
      if (values) page.push(values);
    });
    yield page;
    if (rows.length < LOAD_PAGE) return;
    after = Number(rows[rows.length - 1].id);
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

async function countRows(db: Executor, table: "vehicles" | "vehicle_search_values", tenant: string): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("tenant", "=", tenant)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

type StoredValuesRow = { id: number; search_values: string | null };

function storedValuesAfter(db: Executor, tenant: string, after: number): Promise<StoredValuesRow[]> {
  return db
    .selectFrom("vehicle_search_values")
    .select(["id", "search_values"])
    .where("tenant", "=", tenant)
    .where("id", ">", after)
    .orderBy("id")
    .limit(LOAD_PAGE)
    .execute();
}

function vehiclesWithValuesAfter(db: Executor, tenant: string, after: number): Promise<StoredValuesRow[]> {
  return db
    .selectFrom("vehicles")
    .leftJoin("vehicle_search_values as indexed", (join) =>
      join.onRef("indexed.tenant", "=", "vehicles.tenant").onRef("indexed.id", "=", "vehicles.id"),
    )
    .select(["vehicles.id as id", "indexed.search_values as search_values"])
    .where("vehicles.tenant", "=", tenant)
    .where("vehicles.id", ">", after)
    .orderBy("vehicles.id")
    .limit(LOAD_PAGE)
    .execute();
}

async function loadAll(db: Executor, tenant: string): Promise<Vehicle[]> {
  const vehicles: Vehicle[] = [];
  for await (const page of loadPages(db, tenant)) vehicles.push(...page);
  return vehicles;
}

async function currentVersion(db: Executor, tenant: string): Promise<number> {
  const row = await db.selectFrom("stock_state").select("version").where("tenant", "=", tenant).executeTakeFirst();
  return row?.version ?? 0;
}

/**
 * Each vehicle's record (its JSON payload) and search values are built a batch at a time as they are
 * written, not for the whole feed beforehand: for a 50,000-vehicle first import that is ≈ 120 MB
 * never held at once, for ≈ 0.5 s more under the write lock.
 */
async function writeVehicles(
  trx: Transaction<Database>,
  tenant: string,
  vehicles: readonly Vehicle[],
  now: number,
  betweenWrites?: () => void,
): Promise<void> {
  for (let start = 0; start < vehicles.length; start += BATCH) {
    if (start % (BATCH * 20) === 0) betweenWrites?.();
    const batch = vehicles.slice(start, start + BATCH).map((vehicle) => vehicleRow(tenant, vehicle, now));
    await trx
      .insertInto("vehicle_search_values")
      .values(batch.map((vehicle) => vehicle.searchValues))
      .onConflict((conflict) =>
        conflict.columns(["tenant", "id"]).doUpdateSet((eb) => ({ search_values: eb.ref("excluded.search_values") })),
      )
      .execute();
    await trx
      .insertInto("vehicles")
      .values(batch.map((vehicle) => vehicle.record))
      .onConflict((conflict) =>
        conflict.columns(["tenant", "id"]).doUpdateSet((eb) => ({
          slug: eb.ref("excluded.slug"),
          stock_number: eb.ref("excluded.stock_number"),
          vin: eb.ref("excluded.vin"),
          status: eb.ref("excluded.status"),
          price: eb.ref("excluded.price"),
          payload: eb.ref("excluded.payload"),
          created_at: eb.ref("excluded.created_at"),
          updated_at: eb.ref("excluded.updated_at"),
          sold_at: eb.ref("excluded.sold_at"),
        })),
      )
      .execute();
  }
}

async function writePriceChanges(trx: Transaction<Database>, tenant: string, changes: readonly PriceChange[]): Promise<void> {
  for (let start = 0; start < changes.length; start += BATCH) {
    await trx
      .insertInto("price_changes")
      .values(
        changes.slice(start, start + BATCH).map((change) => ({
          tenant,
          vehicle_id: change.vehicle_id,
          stock_number: change.stocknum,
          old_price: change.old_price,
          new_price: change.new_price,
          changed_at: change.changed_at,
        })),
      )
      .execute();
  }
}

/**
 * The tenant's stock_state row, created if missing, then written so this transaction holds it:
 * a row lock on PostgreSQL, the write lock on SQLite. Two imports of one tenant thus commit one
 * after the other, and the version read here is the last committed one.
 */
async function lockTenant(trx: Transaction<Database>, tenant: string, now: number): Promise<number> {
  await trx
    .insertInto("stock_state")
    .values({ tenant, version: 0, updated_at: now })
    .onConflict((conflict) => conflict.column("tenant").doNothing())
    .execute();
  await trx.updateTable("stock_state").set({ updated_at: now }).where("tenant", "=", tenant).execute();
  return currentVersion(trx, tenant);
}

async function isDemoStock(db: Executor, tenant: string): Promise<boolean> {
  const row = await db.selectFrom("stock_state").select("demo").where("tenant", "=", tenant).executeTakeFirst();
  return row?.demo === 1;
}

/** Deletes every vehicle of the tenant (the demo, which never existed for a shopper) and returns their ids. */
async function removeAll(trx: Transaction<Database>, tenant: string): Promise<number[]> {
  const ids = (await trx.selectFrom("vehicles").select("id").where("tenant", "=", tenant).execute()).map((row) => Number(row.id));
  await trx.deleteFrom("vehicle_search_values").where("tenant", "=", tenant).execute();
  await trx.deleteFrom("price_changes").where("tenant", "=", tenant).execute();
  await trx.deleteFrom("vehicles").where("tenant", "=", tenant).execute();
  return ids;
}

function stateOf(row: Selectable<Database["stock_state"]>): StockState {
  const status = row.last_status === "applied" || row.last_status === "refused" ? row.last_status : null;
  return {
    version: row.version,
    last_import_at: row.last_import_at,
    last_attempt_at: row.last_attempt_at,
    last_status: status,
    last_message: row.last_message,
  };
}

function summary(report: ImportReport): string {
  const c = report.counts;
  return `added ${c.added}, updated ${c.updated}, unchanged ${c.unchanged}, price changed ${c.price_changed}, marked sold ${c.marked_sold}, returned to stock ${c.returned_to_stock}, rejected ${c.rejected}`;
}

export function createStockStore(handle: Db, config: StockStoreConfig = {}): StockStore {
  const { db } = handle;
  const maxBytes = config.maxFeedBytes ?? DEFAULT_MAX_FEED_BYTES;

  async function recordRefusal(tenant: string, message: string | null, now: number): Promise<void> {
    await db
      .insertInto("stock_state")
      .values({ tenant, version: 0, updated_at: now, last_attempt_at: now, last_status: "refused", last_message: message })
      .onConflict((conflict) =>
        conflict.column("tenant").doUpdateSet({ updated_at: now, last_attempt_at: now, last_status: "refused", last_message: message }),
      )
      .execute();
  }

  async function applyImport(tenant: Tenant, feed: FeedInput, options: ApplyOptions): Promise<ImportReport> {
    const started = performance.now();
    const now = options.now ?? Date.now();
    const importOptions: ImportOptions = {
      mode: options.mode ?? "full",
      force: options.force ?? false,
      dryRun: options.dryRun ?? false,
      now,
      source: options.source,
    };
    let lockedMs = 0;
    const finish = (report: ImportReport): ImportReport => {
      report.duration_ms = Math.round(performance.now() - started);
      config.log?.info(
        {
          tenant: tenant.slug,
          source: options.source,
          outcome: report.outcome,
          version: report.version,
          counts: report.counts,
          refusal: report.refusal,
          ms: report.duration_ms,
          locked_ms: Math.round(lockedMs),
        },
        "stock import",
      );
      return report;
    };

    // Reading and checking rows needs no database at all.
    let read: ReadFeed;
    try {
      read = readFeed(feed, tenant, { now, maxBytes });
    } catch (error) {
      if (!(error instanceof FeedError)) throw error;
      const report = unreadableFeedReport(tenant, error.message, importOptions, await currentVersion(db, tenant.slug));
      if (!importOptions.dryRun) await recordRefusal(tenant.slug, report.refusal, now);
      return finish(report);
    }

    // The diff runs before the write lock is taken, so a 50,000-vehicle import holds it only for
    // its writes (on SQLite the lock blocks every writer, lead saves included). The version tells
    // whether another import committed meanwhile; then the diff is redone under the lock. The
    // version is read before the vehicles, so vehicles newer than it only cause a needless redo.
    const seenVersion = await currentVersion(db, tenant.slug);
    // A first real (full) import replaces the generated demo: planned against no stock, so no demo car is
    // marked sold (JUST SOLD for a car that never existed) and the truncated-feed guard has nothing to guard.
    // A partial feed only updates the vehicles it names, so it leaves the demo in place.
    const replacesDemo = async (executor: Executor) =>
      !options.demo && importOptions.mode === "full" && (await isDemoStock(executor, tenant.slug));
    const plan = async (executor: Executor, version: number) => {
      const demo = await replacesDemo(executor);
      const current = demo ? [] : await loadAll(executor, tenant.slug);
      const planned = planImport(
        tenant,
        read,
        current,
        { ...importOptions, heldByDeposit: await vehiclesHeldByDeposit(executor, tenant.slug) },
        version,
      );
      planned.report.demo_removed = demo ? await countRows(executor, "vehicles", tenant.slug) : 0;
      return { ...planned, demo };
    };
    const early = await plan(db, seenVersion);
    if (importOptions.dryRun) return finish(early.report);

    const lockStarted = performance.now();
    let publishFailure: string | null = null;
    const committed = db.transaction().execute(async (trx) => {
      const version = await lockTenant(trx, tenant.slug, now);
      // A deposit paid meanwhile bumped the version too (reserveVehicle): the redo reads the holds again.
      const planned = version === seenVersion ? early : await plan(trx, version);
      if (planned.report.outcome !== "applied") return planned.report;
      const removed = planned.demo ? await removeAll(trx, tenant.slug) : [];
      await writeVehicles(trx, tenant.slug, planned.writes, now, options.betweenWrites);
      await writePriceChanges(trx, tenant.slug, planned.priceChanges);
      const changed = planned.writes.length > 0 || removed.length > 0;
      if (options.publish && changed) {
        try {
          const rewritten = new Set(planned.writes.map((vehicle) => vehicle.id));
          await options.publish(
            planned.writes,
            removed.filter((id) => !rewritten.has(id)),
          );
        } catch (error) {
          publishFailure = `the search index could not be updated, so nothing changed: ${error instanceof Error ? error.message : String(error)}`;
          throw error;
        }
      }
      if (handle.kind === "postgres" && changed) {
        // Delivered at commit to every instance listening (issue 10 §5); polling stays the fallback.
        await sql`select pg_notify(${STOCK_CHANNEL}, ${tenant.slug})`.execute(trx);
      }
      // Only a change of stock is a new version: an unchanged feed sets no instance rebuilding.
      const next = changed ? version + 1 : version;
      await trx
        .updateTable("stock_state")
        .set({
          version: next,
          last_import_at: now,
          last_attempt_at: now,
          last_status: "applied",
          last_message: summary(planned.report),
          updated_at: now,
          demo: options.demo ? 1 : 0,
        })
        .where("tenant", "=", tenant.slug)
        .execute();
      return { ...planned.report, version: next };
    });
    let report: ImportReport;
    try {
      report = await committed;
    } catch (error) {
      if (publishFailure === null) throw error;
      report = { ...early.report, outcome: "refused", refusal: publishFailure };
    }
    lockedMs = performance.now() - lockStarted;
    if (report.outcome === "refused") await recordRefusal(tenant.slug, report.refusal, now);
    return finish(report);
  }

  async function clearDemo(tenant: string, options: { now?: number; publish?: ApplyOptions["publish"] } = {}): Promise<number> {
    const now = options.now ?? Date.now();
    return db.transaction().execute(async (trx) => {
      const version = await lockTenant(trx, tenant, now);
      if (!(await isDemoStock(trx, tenant))) return 0;
      const removed = await removeAll(trx, tenant);
      if (options.publish && removed.length > 0) await options.publish([], removed);
      if (handle.kind === "postgres") await sql`select pg_notify(${STOCK_CHANNEL}, ${tenant})`.execute(trx);
      await trx
        .updateTable("stock_state")
        .set({ version: version + 1, demo: 0, last_message: `demo stock removed: ${removed.length} vehicles`, updated_at: now })
        .where("tenant", "=", tenant)
        .execute();
      config.log?.info({ tenant, removed: removed.length }, "demo stock removed");
      return removed.length;
    });
  }

  async function reserveVehicle(
    tenant: string,
    vehicleId: number,
    eligible: (vehicle: Vehicle) => boolean,
    now = Date.now(),
  ): Promise<"reserved" | "refused"> {
    return db.transaction().execute(async (trx) => {
      const version = await lockTenant(trx, tenant, now);
      const row = await trx
        .selectFrom("vehicles")
        .select("payload")
        .where("tenant", "=", tenant)
        .where("id", "=", vehicleId)
        .executeTakeFirst();
      const vehicle = row ? parseVehicle(row.payload) : null;
      if (!vehicle || !eligible(vehicle)) return "refused";
      await writeVehicles(trx, tenant, [{ ...vehicle, reserved: true }], now);
      if (handle.kind === "postgres") await sql`select pg_notify(${STOCK_CHANNEL}, ${tenant})`.execute(trx);
      await trx
        .updateTable("stock_state")
        .set({ version: version + 1, updated_at: now })
        .where("tenant", "=", tenant)
        .execute();
      return "reserved";
    });
  }

  return {
    reserveVehicle,
    loadVehicles: (tenant) => loadAll(db, tenant),
    vehiclePages: (tenant) => loadPages(db, tenant),
    searchValuePages: (tenant) => loadSearchValuePages(db, tenant),

    async hasVehicles(tenant) {
      const row = await db.selectFrom("vehicles").select("id").where("tenant", "=", tenant).limit(1).executeTakeFirst();
      return row !== undefined;
    },

    async vehicleBySlug(tenant, slug) {
      const row = await db
        .selectFrom("vehicles")
        .select("payload")
        .where("tenant", "=", tenant)
        .where("slug", "=", slug)
        .executeTakeFirst();
      return row ? parseVehicle(row.payload) : null;
    },

    async vehiclesByIds(tenant, ids) {
      const found = new Map<number, Vehicle>();
      for (let start = 0; start < ids.length; start += ID_BATCH) {
        const rows = await db
          .selectFrom("vehicles")
          .select(["id", "payload"])
          .where("tenant", "=", tenant)
          .where("id", "in", ids.slice(start, start + ID_BATCH))
          .execute();
        for (const row of rows) found.set(Number(row.id), parseVehicle(row.payload));
      }
      return ids.flatMap((id) => found.get(id) ?? []);
    },

    version: (tenant) => currentVersion(db, tenant),

    async versions() {
      const rows = await db.selectFrom("stock_state").select(["tenant", "version"]).execute();
      return new Map(rows.map((row) => [row.tenant, row.version]));
    },

    async state(tenant) {
      const row = await db.selectFrom("stock_state").selectAll().where("tenant", "=", tenant).executeTakeFirst();
      return row ? stateOf(row) : null;
    },

    async states() {
      const rows = await db.selectFrom("stock_state").selectAll().execute();
      return new Map(rows.map((row) => [row.tenant, stateOf(row)]));
    },

    recordFailedAttempt: (tenant, message, now = Date.now()) => recordRefusal(tenant, message, now),

    async priceChanges(tenant, vehicleId) {
      const rows = await db
        .selectFrom("price_changes")
        .select(["vehicle_id", "stock_number", "old_price", "new_price", "changed_at"])
        .where("tenant", "=", tenant)
        .where("vehicle_id", "=", vehicleId)
        .orderBy("changed_at")
        .orderBy("id")
        .execute();
      return rows.map((row) => ({
        vehicle_id: Number(row.vehicle_id),
        stocknum: row.stock_number,
        old_price: row.old_price === null ? null : Number(row.old_price),
        new_price: row.new_price === null ? null : Number(row.new_price),
        changed_at: row.changed_at,
      }));
    },

    applyImport,
    clearDemo,
  };
}
