/**
 * One stock import in a process of its own, for `node --cpu-prof` / `--heap-prof`: no server, no
 * generated vehicles held, so the time and memory printed are the import's.
 *   npx tsx scripts/profile-stock-import.ts --write /tmp/feed.xml [--rows 50000]   # what /feeds/vehicle-ads.xml writes
 *   npx tsx scripts/profile-stock-import.ts --file /tmp/feed.xml                   # the feed reader alone
 *   npx tsx scripts/profile-stock-import.ts --file /tmp/feed.xml --apply           # read and apply to a fresh SQLite database
 *   npx tsx scripts/profile-stock-import.ts --file /tmp/feed.xml --apply --bytes   # the file's bytes handed over whole, as a push or pull does
 *   node --cpu-prof --import tsx scripts/profile-stock-import.ts --file /tmp/feed.xml --apply
 */
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { openDb } from "../server/db/connection";
import { migrateToLatest } from "../server/db/migrate";
import { createStockStore } from "../server/inventory/stock-store";
import { vehicleAdsFeedXml } from "../server/seo/vehicle-ads-feed";
import { readFeed } from "../server/stock-feed/read-feed";
import { loadTenants } from "../server/tenants/load";
import { generateStock } from "./lib/demo-stock";

const MB = 1_048_576;

function print(line: string): void {
  process.stdout.write(`${line}\n`);
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      write: { type: "string" },
      file: { type: "string" },
      rows: { type: "string", default: "50000" },
      apply: { type: "boolean", default: false },
      bytes: { type: "boolean", default: false },
    },
    strict: true,
  });
  const tenant = loadTenants().find((candidate) => candidate.slug === "harbourside");
  if (!tenant) throw new Error("no tenant harbourside");
  if (values.write) {
    const vehicles = generateStock(tenant, { now: Date.now(), count: Number(values.rows) });
    writeFileSync(values.write, vehicleAdsFeedXml(tenant.site, vehicles));
    return;
  }
  if (!values.file) throw new Error("expected --file or --write");
  const dataDir = mkdtempSync(path.join(tmpdir(), "forecourt-profile-import-"));
  const handle = openDb({ dataDir });
  try {
    await migrateToLatest(handle);
    const store = createStockStore(handle, { maxFeedBytes: 256 * MB });
    // The command line hands the import the file, read a chunk at a time; a push or a pull hands it the bytes.
    const source = values.bytes ? { bytes: readFileSync(values.file) } : { file: values.file };
    const size = statSync(values.file).size;
    const before = process.memoryUsage().rss;
    const cpu = process.cpuUsage();
    const started = performance.now();
    const feed = { ...source, format: "google-xml" as const };
    let counts: string;
    if (values.apply) {
      const report = await store.applyImport(tenant, feed, { source: "profile.xml", force: true });
      counts = `added ${report.counts.added}, rejected ${report.counts.rejected}`;
    } else {
      const read = readFeed(feed, tenant, { now: Date.now(), maxBytes: 256 * MB });
      counts = `${read.rows.length} rows, ${read.rejected.length} rejected`;
    }
    const ms = performance.now() - started;
    const used = process.cpuUsage(cpu);
    // The kernel's high-water mark: a sampling timer would miss the synchronous read, where the peak is.
    const peakRss = process.resourceUsage().maxRSS * 1024;
    print(`${values.apply ? "read and applied" : "read"} ${(size / MB).toFixed(1)} MB: ${counts}`);
    print(`${Math.round(ms)} ms wall, ${Math.round((used.user + used.system) / 1000)} ms CPU`);
    print(
      `RSS ${Math.round(before / MB)} MB before, peak ${Math.round(peakRss / MB)} MB (+${Math.round((peakRss - before) / MB)} MB; the process's high-water mark)`,
    );
  } finally {
    await handle.db.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`profile-stock-import: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exitCode = 1;
});
