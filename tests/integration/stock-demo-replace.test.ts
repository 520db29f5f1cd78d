import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoStock } from "~/server/inventory/demo-seed";
import { stockImporter } from "~/server/inventory/import-stock";
import { createStockStore, type StockStore } from "~/server/inventory/stock-store";
import { logger } from "~/server/lib/logger";
import { searchIndexUid } from "~/server/search/queries";
import { renderReport } from "~/server/stock-feed/report";
import { loadTenants, type Tenant } from "~/server/tenants/load";
import { startFakeMeilisearch, type FakeMeilisearch } from "../fixtures/fake-meilisearch";
import { openTestDb, type TestDb } from "./support/test-db";
import { stockImportCommand } from "../fixtures/stock-import-command";

// A dealer's first import into a site that still shows the generated demo: the demo goes (no demo
// car listed as JUST SOLD), the truncated-feed guard does not refuse, and the report says so.
const run = promisify(execFile);
const engine = process.env.DATABASE_URL ? "PostgreSQL" : "SQLite";
const exportFile = "tests/fixtures/feeds/dealer-system-export.csv";
const tenants = loadTenants(path.resolve("tenants"));
const southern = tenants.find((tenant) => tenant.slug === "southern-used") as Tenant;
const harbourside = tenants.find((tenant) => tenant.slug === "harbourside") as Tenant;

let testDb: TestDb;
let store: StockStore;
let meili: FakeMeilisearch;

beforeAll(async () => {
  testDb = await openTestDb({ forApp: true });
  store = createStockStore(testDb.handle);
  meili = await startFakeMeilisearch();
  await seedDemoStock(store, [southern, harbourside], logger);
});
afterAll(async () => {
  await meili?.close();
  await testDb?.cleanup();
});

/** The dealer system's export as a full import into southern-used. */
function importExport(importStock: ReturnType<typeof stockImporter>) {
  return importStock(
    southern,
    {
      bytes: readFileSync(exportFile),
      format: "csv",
      mapping: { defaults: { condition: "used" } },
      allowImageHosts: ["img.dealersys.example"],
    },
    { source: "dealer-system-export.csv", mode: "full" },
  );
}

describe(`a first import replaces the demo on ${engine}`, () => {
  it("removes the demo cars from the database and the search index, and lists the dealer's 20", async () => {
    const demo = await store.loadVehicles(southern.slug);
    expect(demo.length).toBeGreaterThan(100);
    const importStock = stockImporter({
      store,
      meilisearch: {},
      connectionFor: () => ({ host: meili.url, apiKey: meili.apiKey }),
      indexing: { pollIntervalMs: 5 },
    });
    const report = await importExport(importStock);
    expect(report).toMatchObject({
      outcome: "applied",
      refusal: null,
      overridden: null,
      demo_removed: demo.length,
      listed_before: 0,
      counts: { added: 20, marked_sold: 0, rejected: 0 },
    });
    expect(renderReport(report)).toContain(
      `  demo stock removed: ${demo.length} generated vehicles (a first import replaces the demo, so none is shown as sold)`,
    );
    const after = await store.loadVehicles(southern.slug);
    expect(after.map((vehicle) => vehicle.stocknum).sort()).toEqual(Array.from({ length: 20 }, (_, i) => `SU${1041 + i}`));
    const hilux = after.find((vehicle) => vehicle.stocknum === "SU1042");
    expect(hilux).toMatchObject({ reserved: true, status: "in_stock", registration: "BX52KL", km: 45210, car_type: "used" });
    expect(hilux?.images.length).toBe(2);
    // The index holds exactly the dealer's cars: the demo documents were removed, not left behind.
    expect(
      meili
        .documents(searchIndexUid(southern))
        .map((vehicle) => vehicle.stocknum)
        .sort(),
    ).toEqual(after.map((vehicle) => vehicle.stocknum).sort());

    // The next import is an ordinary one: nothing more to replace.
    const again = await importExport(importStock);
    expect(again).toMatchObject({ outcome: "applied", demo_removed: 0, counts: { unchanged: 20 } });
  });

  it("stock:import --clear-demo removes only the demo, once", async () => {
    const demo = (await store.loadVehicles(harbourside.slug)).length;
    expect(demo).toBeGreaterThan(100);
    const { MEILISEARCH_HOST: _unused, ...inherited } = process.env;
    const env = { ...inherited, LOG_LEVEL: "silent", DATA_DIR: testDb.dataDir };
    const cli = stockImportCommand(["--tenant", "harbourside", "--clear-demo"]);
    const first = await run(cli.file, cli.args, { env });
    expect(first.stdout).toBe(
      `harbourside: demo stock removed: ${demo} generated vehicles; the site lists no vehicle until the dealer's first import\n`,
    );
    expect(await store.loadVehicles(harbourside.slug)).toEqual([]);
    const second = await run(cli.file, cli.args, { env });
    expect(second.stdout).toBe("harbourside: no demo stock to remove (the stock is the dealer's own, or already empty); nothing changed\n");
    expect(await store.loadVehicles(southern.slug)).toHaveLength(20);
  }, 60_000);
});
