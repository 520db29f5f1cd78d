/**
 * Issue 10 benchmark: a dealer's 50,000-row CSV, or the same stock as Google's vehicle ads XML.
 *   npm run build && npm run bench:stock [-- --rows 50000] [-- --format google-xml]
 * Measures, on SQLite (or PostgreSQL when DATABASE_URL is set):
 *   1. the import: time and peak RSS of this process while it reads, checks, diffs and commits; for
 *      google-xml, of `npm run stock:import` on the feed written to a file, as a dealer runs it;
 *   2. commit → a running server (build/server.js on the same database) answering with the new stock;
 *   3. that server's search p50 while it rebuilds the index after a second import, against idle.
 * Targets: import ≤ 10 s, ≤ 5 s to every instance, p50 during the rebuild ≤ 2× idle; the XML import ≤ 300 MB RSS.
 */
import { execFile, spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs, promisify } from "node:util";
import pg from "pg";
import { openDb } from "../server/db/connection";
import { migrateToLatest } from "../server/db/migrate";
import { createStockStore } from "../server/inventory/stock-store";
import { vehicleAdsFeedXml } from "../server/seo/vehicle-ads-feed";
import type { ImportReport } from "../server/stock-feed/report";
import type { Vehicle } from "../server/stock/vehicle";
import { loadTenants } from "../server/tenants/load";
import { generateStock } from "./lib/demo-stock";

const TENANT = "harbourside";
const MB = 1_048_576;
const XML_TARGET_MB = 300;
const HOST = `${TENANT}.localhost`;

async function adminQuery(url: string, query: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

function print(line: string): void {
  process.stdout.write(`${line}\n`);
}

function csvField(value: string | number | null): string {
  if (value === null) return "";
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function toCsv(vehicles: readonly Vehicle[], make: (vehicle: Vehicle) => string = (vehicle) => vehicle.make): string {
  const header =
    "Stock #,VIN,Year,Make,Model,Badge,Series,Body Style,Transmission,Fuel,Drive,Kms,Price,New/Used,Exterior Colour,Seats,Description";
  const lines = vehicles.map((vehicle) =>
    [
      vehicle.stocknum,
      vehicle.vin,
      vehicle.year,
      make(vehicle),
      vehicle.model,
      vehicle.badge,
      vehicle.series,
      vehicle.body,
      vehicle.transmission,
      vehicle.fuel,
      vehicle.drive,
      vehicle.km,
      vehicle.price,
      vehicle.car_type,
      vehicle.colour,
      vehicle.seats,
      vehicle.description,
    ]
      .map(csvField)
      .join(","),
  );
  return [header, ...lines].join("\r\n");
}

function get(port: number, pathname: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    // A new connection each time: a kept-alive one the server closes while the import runs gives "socket hang up".
    const req = request({ host: "127.0.0.1", port, path: pathname, headers: { host: HOST }, agent: false }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

async function countOf(port: number, query: string): Promise<number> {
  const reply = await get(port, `/api/search/new-used-and-demo-cars?${query}`);
  if (reply.status !== 200) return -1;
  return (JSON.parse(reply.body) as { estimatedTotalHits: number }).estimatedTotalHits;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
}

async function startServer(env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; port: number }> {
  // Below the ephemeral range (32768+), where a port may be the local end of an outgoing connection.
  const port = 20_000 + Math.floor(Math.random() * 12_000);
  const child = spawn(process.execPath, ["build/server.js"], {
    env: { ...env, PORT: String(port) },
    stdio: process.env.BENCH_STOCK_SERVER_LOG ? "inherit" : "ignore",
  });
  for (let attempt = 0; attempt < 600; attempt++) {
    try {
      if ((await get(port, "/healthz")).status === 200) return { child, port };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("build/server.js did not start (run npm run build first)");
}

// Loaded into every node process `npm run` starts (npm's own too): each writes its script and its
// high-water mark on stderr as it exits, so the import's own peak is read, not a sampled guess.
const PEAK_PRELOAD = `data:text/javascript,${encodeURIComponent(
  'process.on("exit",()=>process.stderr.write(`peak-rss ${process.argv[1]} ${process.resourceUsage().maxRSS}\\n`))',
)}`;

/** `npm run stock:import -- --file <feed> --force --json`, as a dealer runs it: its report, wall time and peak RSS. */
async function importWithCli(env: NodeJS.ProcessEnv, file: string): Promise<{ report: ImportReport; ms: number; peakRss: number }> {
  const started = performance.now();
  const { stdout, stderr } = await promisify(execFile)(
    "npm",
    ["run", "--silent", "stock:import", "--", "--tenant", TENANT, "--file", file, "--force", "--json"],
    { env: { ...env, STOCK_FEED_MAX_BYTES: String(128 * MB), NODE_OPTIONS: `--import ${PEAK_PRELOAD}` }, maxBuffer: 256 * MB },
  );
  const ms = performance.now() - started;
  const peak = /^peak-rss \S*stock-import\.js (\d+)$/m.exec(stderr);
  if (!peak) throw new Error(`stock:import printed no peak RSS (run npm run build first): ${stderr}`);
  return { report: JSON.parse(stdout) as ImportReport, ms, peakRss: Number(peak[1]) * 1024 };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { rows: { type: "string", default: "50000" }, format: { type: "string", default: "csv" } },
    strict: true,
  });
  const rows = Number(values.rows);
  // --format google-xml: the first import is the stock as Google's vehicle ads XML (what /feeds/vehicle-ads.xml writes).
  const googleXml = values.format === "google-xml";
  if (!googleXml && values.format !== "csv") throw new Error(`--format: expected csv or google-xml, got "${values.format}"`);
  const tenant = loadTenants().find((candidate) => candidate.slug === TENANT);
  if (!tenant) throw new Error(`no tenant ${TENANT}`);
  const dataDir = mkdtempSync(path.join(tmpdir(), "forecourt-bench-stock-"));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.BENCH_STOCK_SERVER_LOG ? "warn" : "silent",
    LEAD_DELIVERY: "off",
    SESSION_SECRET: "bench-stock-secret-0123456789",
    STOCK_POLL_MS: "1000",
  };
  // On PostgreSQL, a schema of its own, dropped at the end: the benchmark never touches real stock.
  const schema = process.env.DATABASE_URL ? `bench_stock_${Date.now().toString(36)}` : null;
  let databaseUrl: string | undefined;
  if (process.env.DATABASE_URL && schema) {
    await adminQuery(process.env.DATABASE_URL, `create schema ${schema}`);
    const scoped = new URL(process.env.DATABASE_URL);
    scoped.searchParams.set("options", `-c search_path=${schema}`);
    databaseUrl = scoped.toString();
    env.DATABASE_URL = databaseUrl;
  }
  const handle = openDb({ databaseUrl, dataDir });
  let server: { child: ChildProcess; port: number } | null = null;
  try {
    await migrateToLatest(handle);
    // 50,000 items of Google XML are ~51 MB, over the default 50 MB feed limit; a dealer that size sets STOCK_FEED_MAX_BYTES.
    const store = createStockStore(handle, googleXml ? { maxFeedBytes: 128 * MB } : {});
    const vehicles = generateStock(tenant, { now: Date.now(), count: rows });
    const feed = Buffer.from(googleXml ? vehicleAdsFeedXml(tenant.site, vehicles) : toCsv(vehicles));
    const format = googleXml ? "google-xml" : "csv";
    print(`machine: ${process.platform} ${process.arch}, node ${process.version}, database ${handle.kind}`);
    print(`feed: ${rows.toLocaleString("en-AU")} rows, ${(feed.byteLength / MB).toFixed(1)} MB ${googleXml ? "Google XML" : "CSV"}`);

    // The server starts on the demo stock (seeded on its first start), then the dealer's feed arrives.
    server = await startServer(env);
    const demoCount = await countOf(server.port, "");

    // 1. The import. Memory is the kernel's high-water mark of the importing process's RSS (a sampling
    // timer would miss the synchronous read of the feed, where a peak can be). The XML import runs as
    // `npm run stock:import` in a process of its own, as a dealer runs it. The CSV import runs in this
    // process, which already holds the generated vehicles and the feed's bytes (the benchmark's, not
    // the import's), so the mark before the import is printed apart.
    const mb = (bytes: number) => Math.round(bytes / MB);
    let report: ImportReport;
    if (googleXml) {
      const file = path.join(dataDir, "vehicle-ads.xml");
      writeFileSync(file, feed);
      const cli = await importWithCli(env, file);
      report = cli.report;
      if (report.outcome !== "applied") throw new Error(`import refused: ${report.refusal}`);
      print(
        `import (npm run stock:import): ${Math.round(cli.ms).toLocaleString("en-AU")} ms for the command, ${report.duration_ms.toLocaleString("en-AU")} ms the import (target ≤ 10,000); added ${report.counts.added}, marked sold ${report.counts.marked_sold}, rejected ${report.counts.rejected}`,
      );
      print(
        `import memory: peak RSS of the command ${mb(cli.peakRss)} MB (target ≤ ${XML_TARGET_MB}: ${mb(cli.peakRss) <= XML_TARGET_MB ? "met" : "NOT met"})`,
      );
    } else {
      const highWater = () => process.resourceUsage().maxRSS * 1024;
      const startRss = process.memoryUsage().rss;
      const markBefore = highWater();
      const startCpu = process.cpuUsage();
      const started = performance.now();
      report = await store.applyImport(tenant, { bytes: feed, format }, { source: "bench.csv", force: true });
      const importMs = performance.now() - started;
      const importCpu = process.cpuUsage(startCpu);
      const peakRss = highWater();
      if (report.outcome !== "applied") throw new Error(`import refused: ${report.refusal}`);
      print(
        `import: ${Math.round(importMs).toLocaleString("en-AU")} ms (target ≤ 10,000), CPU ${Math.round((importCpu.user + importCpu.system) / 1000).toLocaleString("en-AU")} ms; added ${report.counts.added}, marked sold ${report.counts.marked_sold}, rejected ${report.counts.rejected}`,
      );
      print(
        peakRss > markBefore
          ? `import memory: peak RSS ${mb(peakRss)} MB = ${mb(startRss)} MB before the import (this process with the generated vehicles and the feed) + ${mb(peakRss - startRss)} MB the import added`
          : `import memory: the import stayed under this process's earlier peak of ${mb(markBefore)} MB (${mb(startRss)} MB before it)`,
      );
    }

    // 2. Commit → the running server answers with the new stock.
    const committed = performance.now();
    const expected = report.listed_after;
    while ((await countOf(server.port, "")) !== expected) {
      if (performance.now() - committed > 60_000) throw new Error(`server still not showing ${expected} vehicles after 60 s`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    print(
      `commit → server answering with the new stock: ${Math.round(performance.now() - committed)} ms (target ≤ 5,000; was ${demoCount} demo cars)`,
    );

    // 3. Search p50 idle, then during the rebuild after a second import (every make renamed on 10% of rows).
    const query = "sortBy=price_asc&page=2";
    const idle: number[] = [];
    for (let i = 0; i < 200; i++) {
      const t = performance.now();
      // A new query string each time, so the results cache doesn't answer.
      await countOf(server.port, `${query}&q=${i % 2 === 0 ? "" : "auto"}&x=${i}`);
      idle.push(performance.now() - t);
    }
    const rename = (vehicle: Vehicle) => (vehicle.id % 10 === 0 ? "Benchcar" : vehicle.make);
    const renamed = Buffer.from(
      googleXml
        ? vehicleAdsFeedXml(
            tenant.site,
            vehicles.map((vehicle) => ({ ...vehicle, make: rename(vehicle) })),
          )
        : toCsv(vehicles, rename),
    );
    const second = await store.applyImport(tenant, { bytes: renamed, format }, { source: "bench-2", force: true });
    if (second.outcome !== "applied") throw new Error(`second import refused: ${second.refusal}`);
    const during: number[] = [];
    const rebuildStarted = performance.now();
    for (let i = 0; ; i++) {
      const t = performance.now();
      await countOf(server.port, `${query}&x=r${i}`);
      during.push(performance.now() - t);
      if ((await countOf(server.port, `refinementList[make][0]=Benchcar&x=c${i}`)) > 0) break;
      if (performance.now() - rebuildStarted > 60_000) throw new Error("rebuild not seen within 60 s");
    }
    print(
      `search p50: idle ${median(idle).toFixed(1)} ms, during the rebuild ${median(during).toFixed(1)} ms over ${during.length} searches (target ≤ 2× idle)`,
    );
  } finally {
    server?.child.kill("SIGTERM");
    await handle.db.destroy();
    if (process.env.DATABASE_URL && schema) await adminQuery(process.env.DATABASE_URL, `drop schema ${schema} cascade`);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`bench-stock: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
