import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStockStore, type StockStore } from "~/server/inventory/stock-store";
import type { Vehicle } from "~/server/stock/vehicle";
import { HEADER, IMPORT_NOW, csvBytes, feedTenant, row } from "~/tests/fixtures/feeds/feed-tenant";
import { openTestDb, type TestDb } from "./support/test-db";
import { stockImportCommand } from "../fixtures/stock-import-command";

const run = promisify(execFile);
const engine = process.env.DATABASE_URL ? "PostgreSQL" : "SQLite";
const DAY = 86_400_000;
const tenant = feedTenant();
const SLUG = tenant.slug;

const stockLines = (count: number, fields: (index: number) => Parameters<typeof row>[1] = () => ({})) => [
  HEADER,
  ...Array.from({ length: count }, (_, i) => row(`ST${i + 1}`, fields(i + 1))),
];

let testDb: TestDb;
let store: StockStore;
let scratch: string;

beforeAll(async () => {
  testDb = await openTestDb({ forApp: true });
  store = createStockStore(testDb.handle);
  scratch = mkdtempSync(path.join(tmpdir(), "stock-import-"));
});
afterAll(async () => {
  await testDb?.cleanup();
  rmSync(scratch, { recursive: true, force: true });
});

const csv = (lines: string[]) => ({ bytes: csvBytes(lines), format: "csv" as const });

async function snapshot(slug = SLUG): Promise<{ vehicles: Vehicle[]; version: number }> {
  return { vehicles: await store.loadVehicles(slug), version: await store.version(slug) };
}

describe(`stock import on ${engine}`, () => {
  it("stores an imported feed and bumps the tenant's stock version", async () => {
    expect(await store.version(SLUG)).toBe(0);
    const report = await store.applyImport(tenant, csv(stockLines(10, (i) => ({ vin: `JTMBR3FV20D0000${String(i).padStart(2, "0")}` }))), {
      source: "feed.csv",
      now: IMPORT_NOW,
    });
    expect(report).toMatchObject({ outcome: "applied", version: 1, counts: { added: 10, rejected: 0 }, listed_after: 10 });

    const { vehicles, version } = await snapshot();
    expect(version).toBe(1);
    expect(vehicles.map((vehicle) => vehicle.stocknum)).toEqual(Array.from({ length: 10 }, (_, i) => `ST${i + 1}`));
    expect(vehicles[0]).toMatchObject({ id: 7_000_001, slug: "2021-toyota-corolla-ascent-sport-st1", status: "in_stock", price: 25990 });
    expect(await store.vehicleBySlug(SLUG, "2021-toyota-corolla-ascent-sport-st3")).toMatchObject({ stocknum: "ST3" });
    expect(await store.vehicleBySlug("another-tenant", "2021-toyota-corolla-ascent-sport-st3")).toBeNull();
    expect((await store.vehiclesByIds(SLUG, [7_000_004, 42, 7_000_002])).map((vehicle) => vehicle.stocknum)).toEqual(["ST4", "ST2"]);
    expect(await store.state(SLUG)).toMatchObject({ version: 1, last_import_at: IMPORT_NOW, last_status: "applied" });

    // The same feed again changes no vehicle, so no instance needs to rebuild: same version.
    const again = await store.applyImport(tenant, csv(stockLines(10, (i) => ({ vin: `JTMBR3FV20D0000${String(i).padStart(2, "0")}` }))), {
      source: "feed.csv",
      now: IMPORT_NOW + 1000,
    });
    expect(again).toMatchObject({ outcome: "applied", version: 1, counts: { unchanged: 10 } });
    expect(await store.state(SLUG)).toMatchObject({ version: 1, last_import_at: IMPORT_NOW + 1000, last_status: "applied" });
  });

  it("a second full import without some cars marks them sold at the import time, keeps every row and records price changes", async () => {
    const later = IMPORT_NOW + DAY;
    const lines = stockLines(8, (i) => ({ vin: `JTMBR3FV20D0000${String(i).padStart(2, "0")}`, price: i === 1 ? "23990" : "25990" }));
    const report = await store.applyImport(tenant, csv(lines), { source: "feed.csv", now: later });
    expect(report).toMatchObject({
      outcome: "applied",
      version: 2,
      counts: { marked_sold: 2, updated: 1, price_changed: 1, unchanged: 7 },
    });

    const { vehicles, version } = await snapshot();
    expect(version).toBe(2);
    expect(vehicles).toHaveLength(10);
    const byStock = new Map(vehicles.map((vehicle) => [vehicle.stocknum, vehicle]));
    for (const stock of ["ST9", "ST10"]) {
      expect(byStock.get(stock)).toMatchObject({ status: "sold", sold: true, sold_date_timestamp: later });
    }
    expect(byStock.get("ST1")).toMatchObject({ price: 23990, before_price: 25990, slug: "2021-toyota-corolla-ascent-sport-st1" });
    expect(await store.priceChanges(SLUG, 7_000_001)).toEqual([
      { vehicle_id: 7_000_001, stocknum: "ST1", old_price: 25990, new_price: 23990, changed_at: later },
    ]);

    // A sold car back in the next feed is listed again, under the same slug.
    const back = await store.applyImport(tenant, csv([...lines, row("ST9", { vin: "JTMBR3FV20D000009" })]), {
      source: "feed.csv",
      now: later + DAY,
      mode: "partial",
    });
    expect(back).toMatchObject({ outcome: "applied", version: 3, counts: { returned_to_stock: 1, marked_sold: 0 } });
    expect(await store.vehicleBySlug(SLUG, "2021-toyota-corolla-ascent-sport-st9")).toMatchObject({
      status: "in_stock",
      sold: false,
      sold_date_timestamp: null,
    });
  });

  it("a refused feed changes no vehicle and no version, and says so in the tenant's state", async () => {
    const before = await snapshot();
    const truncated = await store.applyImport(tenant, csv(stockLines(3)), { source: "short.csv", now: IMPORT_NOW + 5 * DAY });
    expect(truncated).toMatchObject({
      outcome: "refused",
      version: before.version,
      refusal: expect.stringContaining("6 of 9 listed vehicles"),
    });
    const rejected = await store.applyImport(tenant, csv(stockLines(3, () => ({ price: "about 30k" }))), {
      source: "poa.csv",
      now: IMPORT_NOW + 5 * DAY,
    });
    expect(rejected.refusal).toBe("3 of 3 rows rejected, more than half — fix the feed, or force the import");
    const brokenXml = new TextEncoder().encode(
      '<?xml version="1.0"?>\n<rss xmlns:g="http://base.google.com/ns/1.0"><channel>\n<item><g:id>ST1</g:id><g:price>1 AUD</g:price>\n',
    );
    const xml = await store.applyImport(tenant, { bytes: brokenXml }, { source: "google.xml", now: IMPORT_NOW + 5 * DAY });
    expect(xml).toMatchObject({
      outcome: "refused",
      version: before.version,
      refusal: expect.stringMatching(/^line \d+: not readable as XML: /),
    });
    const unreadable = await store.applyImport(
      tenant,
      { bytes: new Uint8Array([0x61, 0xff]), format: "csv" },
      { source: "bad.csv", now: IMPORT_NOW + 5 * DAY },
    );
    expect(unreadable).toMatchObject({ outcome: "refused", refusal: "the feed is not UTF-8 text: invalid byte 0xFF on line 1" });

    expect(await snapshot()).toEqual(before);
    expect(await store.priceChanges(SLUG, 7_000_001)).toHaveLength(1);
    expect(await store.state(SLUG)).toMatchObject({
      version: before.version,
      last_import_at: IMPORT_NOW + 2 * DAY,
      last_attempt_at: IMPORT_NOW + 5 * DAY,
      last_status: "refused",
      last_message: "the feed is not UTF-8 text: invalid byte 0xFF on line 1",
    });
  });

  it("a dry run reports what the import would do and changes nothing at all", async () => {
    const before = await snapshot();
    const stateBefore = await store.state(SLUG);
    const lines = stockLines(7, (i) => ({ price: String(20000 + i) }));
    const dry = await store.applyImport(tenant, csv(lines), { source: "feed.csv", now: IMPORT_NOW + 6 * DAY, dryRun: true });
    expect(dry).toMatchObject({ outcome: "dry_run", refusal: null, version: before.version, counts: { marked_sold: 2, price_changed: 7 } });
    expect(await snapshot()).toEqual(before);
    expect(await store.state(SLUG)).toEqual(stateBefore);

    const real = await store.applyImport(tenant, csv(lines), { source: "feed.csv", now: IMPORT_NOW + 6 * DAY });
    expect({ ...real, outcome: "dry_run", dry_run: true, version: before.version, duration_ms: dry.duration_ms }).toEqual(dry);
  });

  it("serialises two imports of one tenant: each diffs against what the other committed", async () => {
    const { version } = await snapshot();
    // Whichever commits first, the other still has a change to make (C1's price differs), so both
    // bump the version; and the second diffs against the first's C1 instead of adding it again.
    const [first, second] = await Promise.all([
      store.applyImport(tenant, csv([HEADER, row("C1", { price: "31000" })]), {
        source: "a.csv",
        mode: "partial",
        now: IMPORT_NOW + 7 * DAY,
      }),
      store.applyImport(tenant, csv([HEADER, row("C1", { price: "32000" }), row("C2")]), {
        source: "b.csv",
        mode: "partial",
        now: IMPORT_NOW + 7 * DAY,
      }),
    ]);
    expect([first.version, second.version].sort()).toEqual([version + 1, version + 2]);
    expect(first.counts.added + second.counts.added).toBe(2);
    const stocks = (await store.loadVehicles(SLUG)).map((vehicle) => vehicle.stocknum);
    expect(stocks.filter((stock) => stock === "C1")).toHaveLength(1);
  });
});

describe(`npm run stock:import on ${engine}`, () => {
  const cli = (args: string[]) =>
    run(stockImportCommand(args).file, stockImportCommand(args).args, { env: { ...process.env, LOG_LEVEL: "silent" } }).then(
      (out) => ({ code: 0, stdout: out.stdout, stderr: out.stderr }),
      (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
    );

  it("imports a file into the running database, prints the report, and exits non-zero when refused", async () => {
    const file = path.join(scratch, "outback.csv");
    writeFileSync(file, csvBytes(stockLines(4)));
    const applied = await cli(["--tenant", "outback-4x4", "--file", file]);
    expect(applied).toMatchObject({ code: 0, stderr: "" });
    expect(applied.stdout).toMatch(
      /^outback-4x4: outback\.csv: full import applied, stock version 1, \d+ (ms|s)\n {2}CSV, 4 rows: added 4 /,
    );
    expect((await store.loadVehicles("outback-4x4")).map((vehicle) => vehicle.stocknum)).toEqual(["ST1", "ST2", "ST3", "ST4"]);

    writeFileSync(file, csvBytes(stockLines(1)));
    const dry = await cli(["--tenant", "outback-4x4", "--file", file, "--dry-run"]);
    expect(dry.code).toBe(1);
    expect(dry.stdout.split("\n")[0]).toBe(
      "outback-4x4: outback.csv: dry run of a full import: would be refused: a full import would take 3 of 4 listed vehicles (75%) out of stock, more than 30% — check the feed is complete, import it as partial, or force the import",
    );
    const refused = await cli(["--tenant", "outback-4x4", "--file", file]);
    expect(refused.code).toBe(1);
    expect(await store.version("outback-4x4")).toBe(1);
    const forced = await cli(["--tenant", "outback-4x4", "--file", file, "--force", "--json"]);
    expect(forced.code).toBe(0);
    expect(JSON.parse(forced.stdout)).toMatchObject({ outcome: "applied", version: 2, counts: { marked_sold: 3 } });
    // Four runs of the command: the bound is for a hang, not for a loaded machine's start-up.
  }, 60_000);

  it("answers bad input with one line and changes nothing", async () => {
    const empty = path.join(scratch, "empty.csv");
    writeFileSync(empty, "");
    const before = await store.version("outback-4x4");
    const cases: Array<[string[], number, string]> = [
      [["--tenant", "nowhere", "--file", empty], 2, 'stock-import: unknown tenant "nowhere" (tenants: '],
      [
        ["--tenant", "outback-4x4", "--file", path.join(scratch, "missing.csv")],
        2,
        `stock-import: --file: cannot read ${path.join(scratch, "missing.csv")}: no such file`,
      ],
      [["--tenant", "outback-4x4", "--file", empty], 1, "outback-4x4: empty.csv: refused: the feed is empty; nothing changed"],
      [
        ["--tenant", "outback-4x4", "--file", empty, "--format", "xml"],
        2,
        'stock-import: --format: expected csv, json, google-xml, google-csv, meta-csv, got "xml"',
      ],
    ];
    for (const [args, code, line] of cases) {
      const result = await cli(args);
      expect(result.code, args.join(" ")).toBe(code);
      const output = code === 2 ? result.stderr : result.stdout;
      expect(output.startsWith(line), output).toBe(true);
      expect(output.trimEnd().split("\n")).toHaveLength(1);
    }
    const big = path.join(scratch, "big.csv");
    writeFileSync(big, csvBytes(stockLines(2)));
    const command = stockImportCommand(["--tenant", "outback-4x4", "--file", big]);
    const limited = await run(command.file, command.args, {
      env: { ...process.env, STOCK_FEED_MAX_BYTES: "64" },
    }).catch((error: { code: number; stderr: string }) => error);
    expect(limited).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(
        /^stock-import: .*big\.csv: the feed is \d+ bytes, over the limit of 64 bytes \(STOCK_FEED_MAX_BYTES\)\n$/,
      ),
    });
    expect(await store.version("outback-4x4")).toBe(before);
    // Five runs of the command, as above.
  }, 60_000);
});
