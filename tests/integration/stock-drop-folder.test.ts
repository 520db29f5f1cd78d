import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDropFolder, type DropFolder } from "~/server/inventory/drop-folder";
import type { ImportStock } from "~/server/inventory/import-stock";
import { logger } from "~/server/lib/logger";
import type { Services } from "~/server/services";
import { loadTenants, type Tenant } from "~/server/tenants/load";
import { TenantDirectory } from "~/server/tenants/resolve";
import { servicesFor } from "./support/services";
import { openTestDb, type TestDb } from "./support/test-db";

// The stock drop folder against a real database (SQLite, or PostgreSQL with DATABASE_URL) and real
// files: what an operator sees in STOCK_DROP_DIR/<slug>/ and in the tenant's stock.

const engine = process.env.DATABASE_URL ? "PostgreSQL" : "SQLite";
const SLUG = "kiwi-motors";
const FIXTURE = path.resolve("tests/fixtures/feeds/dealer-system-export.csv");
const FIXTURE_LINES = readFileSync(FIXTURE, "utf8").trimEnd().split("\n");
const FIXTURE_ROWS = FIXTURE_LINES.length - 1;

// A used-only yard's export without a New/Used column: site.json's stock_feed default fills it.
const demo = loadTenants().find((tenant) => tenant.slug === SLUG) as Tenant;
const kiwi: Tenant = {
  ...demo,
  site: {
    ...demo.site,
    domains: [],
    stock_feed: {
      url: null,
      format: null,
      every_minutes: 60,
      username_env: null,
      password_env: null,
      private_key_env: null,
      host_key_sha256: null,
      columns: {},
      defaults: { condition: "used" },
      statuses: {},
    },
  },
};

let testDb: TestDb;
let services: Services;
const scratch: string[] = [];

beforeAll(async () => {
  testDb = await openTestDb();
  services = await servicesFor({ tenants: new TenantDirectory([kiwi], { defaultTenant: SLUG, trustProxy: false }), db: testDb.handle });
}, 60_000);

afterAll(async () => {
  await testDb?.cleanup();
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  scratch.push(dir);
  return dir;
}

function dropFolder(dir: string, options: { stableMs?: number; importStock?: ImportStock; maxBytes?: number } = {}): DropFolder {
  return startDropFolder({
    dir,
    tenants: [kiwi],
    importStock: options.importStock ?? services.importStock,
    store: services.stock,
    log: logger,
    maxBytes: options.maxBytes ?? 1_000_000,
    stableMs: options.stableMs ?? 200,
    scanMs: 100,
  });
}

/** Written beside the folder, then renamed in: how a dealer system delivers a whole file. */
function dropWhole(dir: string, name: string, text: string): void {
  const staging = tempDir("drop-staging-");
  writeFileSync(path.join(staging, name), text);
  renameSync(path.join(staging, name), path.join(dir, SLUG, name));
}

/** Polls until `check` holds; the deadline only turns a hang into a failure with a message. */
async function until(what: string, check: () => boolean | Promise<boolean>, deadlineMs = 20_000): Promise<void> {
  const deadline = Date.now() + deadlineMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`still waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const listing = (dir: string, sub: string) => (existsSync(path.join(dir, SLUG, sub)) ? readdirSync(path.join(dir, SLUG, sub)).sort() : []);

/** The services' import, counting its calls in `imports`. */
function countingImports(): ImportStock & { imports: number } {
  const counting = Object.assign(
    (...args: Parameters<ImportStock>) => {
      counting.imports++;
      return services.importStock(...args);
    },
    { clearDemo: services.importStock.clearDemo, imports: 0 },
  );
  return counting;
}

describe(`stock drop folder on ${engine}`, () => {
  it("imports a complete CSV renamed into the tenant's folder, lists its cars and moves it to done/ with its report", async () => {
    const dir = tempDir("drop-");
    const drop = dropFolder(dir);
    try {
      mkdirSync(path.join(dir, "no-such-dealer"));
      writeFileSync(path.join(dir, "no-such-dealer", "stock.csv"), FIXTURE_LINES.join("\n"));
      dropWhole(dir, "dealer-system-export.csv", readFileSync(FIXTURE, "utf8"));
      await until("done/dealer-system-export.csv", () => listing(dir, "done").includes("dealer-system-export.csv"));

      expect(listing(dir, "done")).toEqual(["dealer-system-export.csv", "dealer-system-export.csv.report.txt"]);
      expect(readdirSync(path.join(dir, SLUG)).sort()).toEqual(["done", "processing"]);
      expect(listing(dir, "processing")).toEqual([]);
      const report = readFileSync(path.join(dir, SLUG, "done", "dealer-system-export.csv.report.txt"), "utf8");
      expect(report).toMatch(/^kiwi-motors: dealer-system-export\.csv: full import applied, stock version \d+/);
      expect(report).toContain(`CSV, ${FIXTURE_ROWS} rows: added ${FIXTURE_ROWS} ·`);

      const vehicles = await services.stock.loadVehicles(SLUG);
      expect(vehicles.map((vehicle) => vehicle.stocknum).sort()).toEqual(
        FIXTURE_LINES.slice(1)
          .map((line) => line.split(",")[0])
          .sort(),
      );
      expect(vehicles.every((vehicle) => vehicle.car_type === "used")).toBe(true);
      expect(report).toContain(`listed vehicles: `);
      expect(report).toMatch(new RegExp(`→ ${vehicles.filter((vehicle) => vehicle.status !== "sold").length}\\n`));

      // A folder no tenant owns is left as it is.
      expect(readdirSync(path.join(dir, "no-such-dealer"))).toEqual(["stock.csv"]);
    } finally {
      await drop.stop();
    }
  });

  it("moves a file that cannot be read to failed/ with its report, and changes no stock", async () => {
    const dir = tempDir("drop-");
    const before = { vehicles: await services.stock.loadVehicles(SLUG), version: await services.stock.version(SLUG) };
    const drop = dropFolder(dir);
    try {
      dropWhole(dir, "stock.json", '{"vehicles": [ {"stock_number": "X1", ');
      await until("failed/stock.json", () => listing(dir, "failed").includes("stock.json"));

      expect(listing(dir, "failed")).toEqual(["stock.json", "stock.json.report.txt"]);
      expect(listing(dir, "done")).toEqual([]);
      const report = readFileSync(path.join(dir, SLUG, "failed", "stock.json.report.txt"), "utf8");
      expect(report).toMatch(/^kiwi-motors: stock\.json: refused: the feed is not valid JSON: .*; nothing changed\n$/);

      // The same name again is kept beside the first, never over it.
      dropWhole(dir, "stock.json", "[not json either");
      await until("a second file in failed/", () => listing(dir, "failed").length === 4);
      const second = listing(dir, "failed").find((name) => name !== "stock.json" && !name.endsWith(".report.txt"));
      expect(second).toMatch(/^stock-\d{8}T\d{6}Z\.json$/);
      expect(listing(dir, "failed")).toContain(`${second}.report.txt`);
      expect(readFileSync(path.join(dir, SLUG, "failed", "stock.json"), "utf8")).toBe('{"vehicles": [ {"stock_number": "X1", ');
    } finally {
      await drop.stop();
    }
    expect(await services.stock.version(SLUG)).toBe(before.version);
    expect(await services.stock.loadVehicles(SLUG)).toEqual(before.vehicles);
    expect(await services.stock.state(SLUG)).toMatchObject({ last_status: "refused" });
  });

  it("moves a file over STOCK_FEED_MAX_BYTES to failed/ unread, saying so in its report", async () => {
    const dir = tempDir("drop-");
    const version = await services.stock.version(SLUG);
    const drop = dropFolder(dir, { maxBytes: 1_000 });
    try {
      dropWhole(dir, "huge.csv", readFileSync(FIXTURE, "utf8"));
      await until("failed/huge.csv", () => listing(dir, "failed").includes("huge.csv"));
      const report = readFileSync(path.join(dir, SLUG, "failed", "huge.csv.report.txt"), "utf8");
      expect(report).toMatch(
        /^kiwi-motors: huge\.csv: refused: the feed is .* over the limit of .* \(STOCK_FEED_MAX_BYTES\); nothing changed\n$/,
      );
    } finally {
      await drop.stop();
    }
    expect(await services.stock.version(SLUG)).toBe(version);
    expect(await services.stock.state(SLUG)).toMatchObject({ last_status: "refused" });
  });

  it("leaves a file alone while it is still being written, and imports it whole once it stands still", async () => {
    const dir = tempDir("drop-");
    const counting = countingImports();
    const drop = dropFolder(dir, { stableMs: 2_000, importStock: counting });
    const file = path.join(dir, SLUG, "slow-upload.csv");
    try {
      // Written in place, a row at a time, as a slow upload arrives: each write within the stable time of the last.
      writeFileSync(file, `${FIXTURE_LINES[0]}\n`);
      for (const line of FIXTURE_LINES.slice(1)) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        await drop.scan();
        expect(existsSync(file)).toBe(true);
        appendFileSync(file, `${line}\n`);
      }
      expect(counting.imports).toBe(0);
      await until("done/slow-upload.csv", () => listing(dir, "done").includes("slow-upload.csv"));
      const report = readFileSync(path.join(dir, SLUG, "done", "slow-upload.csv.report.txt"), "utf8");
      expect(report).toContain(`CSV, ${FIXTURE_ROWS} rows:`);
      expect(report).toContain("marked sold 0");
      expect(counting.imports).toBe(1);
    } finally {
      await drop.stop();
    }
  });

  it("imports a file once when two instances watch the same folder", async () => {
    const dir = tempDir("drop-");
    const counting = countingImports();
    const first = dropFolder(dir, { stableMs: 0, importStock: counting });
    const second = dropFolder(dir, { stableMs: 0, importStock: counting });
    try {
      dropWhole(dir, "both.csv", readFileSync(FIXTURE, "utf8"));
      await Promise.all([first.scan(), second.scan()]);
      await until("done/both.csv", () => listing(dir, "done").includes("both.csv"));
      await Promise.all([first.scan(), second.scan()]);
      expect(counting.imports).toBe(1);
      expect(listing(dir, "done")).toEqual(["both.csv", "both.csv.report.txt"]);
      expect(listing(dir, "failed")).toEqual([]);
      expect(listing(dir, "processing")).toEqual([]);
    } finally {
      await Promise.all([first.stop(), second.stop()]);
    }
  });
});
