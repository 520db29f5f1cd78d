import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStockStore, type StockStore } from "~/server/inventory/stock-store";
import { createEmbeddedBackend } from "~/server/search/embedded/backend";
import type { Kysely } from "kysely";
import * as searchValuesMigration from "~/server/db/migrations/0018_vehicle_search_values";
import { encodeSearchValues, searchValues, type SearchValues } from "~/server/search/search-values";
import { HEADER, IMPORT_NOW, csvBytes, feedTenant, row } from "~/tests/fixtures/feeds/feed-tenant";
import { openTestDb, type TestDb } from "./support/test-db";

const engine = process.env.DATABASE_URL ? "PostgreSQL" : "SQLite";
const tenant = feedTenant();
const SLUG = tenant.slug;

let testDb: TestDb;
let store: StockStore;

beforeAll(async () => {
  testDb = await openTestDb({ forApp: true });
  store = createStockStore(testDb.handle);
  const lines = [
    HEADER,
    ...Array.from({ length: 6 }, (_, i) => row(`SV${i + 1}`, { make: i < 2 ? "Mazda" : "Toyota", model: i < 2 ? "CX-5" : "Corolla" })),
  ];
  const report = await store.applyImport(tenant, { bytes: csvBytes(lines), format: "csv" }, { source: "feed.csv", now: IMPORT_NOW });
  expect(report).toMatchObject({ outcome: "applied", counts: { added: 6 } });
});
afterAll(async () => {
  await testDb?.cleanup();
});

async function allPages(): Promise<SearchValues[]> {
  const values: SearchValues[] = [];
  for await (const page of store.searchValuePages(SLUG)) values.push(...page);
  return values;
}

describe(`indexed values kept beside each vehicle on ${engine}`, () => {
  it("an import stores each vehicle's indexed values, and a build reads the same values as from the whole records", async () => {
    const vehicles = await store.loadVehicles(SLUG);
    expect(await allPages()).toEqual(vehicles.map(searchValues));
  });

  it("vehicles stored before their values were kept, or kept for another attribute list, are read from their records", async () => {
    const vehicles = await store.loadVehicles(SLUG);
    const [first, second] = vehicles;
    await testDb.handle.db.deleteFrom("vehicle_search_values").where("tenant", "=", SLUG).where("id", "=", first.id).execute();
    await testDb.handle.db
      .updateTable("vehicle_search_values")
      .set({ search_values: JSON.stringify(["stale", "v0-old"]) })
      .where("tenant", "=", SLUG)
      .where("id", "=", second.id)
      .execute();
    expect(await allPages()).toEqual(vehicles.map(searchValues));

    // A shopper searching for the Mazdas finds both, their rows read the old way.
    const backend = createEmbeddedBackend(() => store.searchValuePages(SLUG), store);
    const [byText, byFilter] = await backend.multiSearch(tenant, [
      { indexUid: "text", q: "cx-5 sv1" },
      { indexUid: "filter", filter: ["make = Mazda"], facets: ["model"] },
    ]);
    expect(byText.hits.map((vehicle) => vehicle.stocknum)).toEqual(["SV1"]);
    expect(byFilter.hits.map((vehicle) => vehicle.stocknum).sort()).toEqual(["SV1", "SV2"]);
    expect(byFilter.facetDistribution).toEqual({ model: { "CX-5": 2 } });
  });

  it("the migration that made the table fills it for the vehicles already stored", async () => {
    const vehicles = await store.loadVehicles(SLUG);
    const db = testDb.handle.db as unknown as Kysely<unknown>;
    await searchValuesMigration.down(db);
    await searchValuesMigration.up(db);
    const rows = await testDb.handle.db
      .selectFrom("vehicle_search_values")
      .select(["id", "search_values"])
      .where("tenant", "=", SLUG)
      .orderBy("id")
      .execute();
    expect(rows.map((row) => [Number(row.id), row.search_values])).toEqual(
      vehicles.map((vehicle) => [vehicle.id, encodeSearchValues(vehicle)]),
    );
  });
});
