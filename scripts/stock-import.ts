/**
 * Imports a dealer's stock feed into the database:
 *   npm run stock:import -- --tenant harbourside --file feed.csv
 *   npm run stock:import -- --tenant harbourside --file https://dms.example/export.json --partial
 *   npm run stock:import -- --tenant southern-used --file export.csv --default condition=used --map "Kilometres=odometer"
 *   options: --format csv|json|google-xml|google-csv|meta-csv (else detected from the file)  --partial (never marks missing vehicles sold)  --dry-run (report only)
 *            --map "Header=column", --default column=value, --status "Word=in_stock|reserved|coming_soon|sold"
 *            (repeatable; each wins over site.json stock_feed's columns, defaults and statuses)
 *            --allow-image-host <host> (repeatable: photos from this host are kept for this run)
 *   npm run stock:import -- --tenant southern-used --clear-demo   (removes the generated demo stock, nothing else)
 *            --force (past the "more than half rejected" and "more than 30% out of stock" refusals)
 *            --json (the whole report as JSON, every rejected line included)
 * Prints the report; exits 1 when the feed is refused (a dry run that would be), 2 when it cannot be read.
 *
 * `npm run stock:import` runs this file bundled by `npm run build` (build/stock-import.js) under plain
 * node: tsx's loader thread alone costs ≈ 60 MB. It passes --expose-gc, so the import collects its
 * garbage every 10,000 vehicles written (`betweenWrites` below): the 50,000-vehicle XML
 * import peaks at 270–280 MB instead of 290–390 MB. --heap-growing-percent=30 held it to 255–310 MB
 * but made V8 collect so often that the import's CPU time rose from ≈ 8 to 12–17 s (docs/decisions.md,
 * "Stock import: memory").
 */
import { stat } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import { openDb } from "~/server/db/connection";
import { migrateToLatest } from "~/server/db/migrate";
import { downloadFeed, FeedDownloadError } from "~/server/inventory/feed-download";
import { stockImporter } from "~/server/inventory/import-stock";
import { alertsAfterImport } from "~/server/garage/alerts";
import { createMailer } from "~/server/leads/delivery/mailer";
import { logger } from "~/server/lib/logger";
import { createStockStore } from "~/server/inventory/stock-store";
import { readEnv } from "~/server/lib/env";
import { checkFeedSize, maxFeedBytes, type FeedBytes } from "~/server/stock-feed/decode";
import { FeedError } from "~/server/stock-feed/messages";
import { feedFormats, formatFromFileName, type FeedFormat } from "~/server/stock-feed/read-feed";
import { mappingFromFlags } from "~/server/stock-feed/mapping-flags";
import { renderReport } from "~/server/stock-feed/report";
import type { FeedMapping } from "~/server/tenants/stock-feed-mapping";
import { loadTenants, type Tenant } from "~/server/tenants/load";

const FETCH_TIMEOUT_MS = 60_000;

const USAGE =
  "usage: npm run stock:import -- --tenant <slug> --file <path-or-url> [--format csv|json|google-xml|google-csv|meta-csv] [--partial] [--dry-run] [--force] [--json] " +
  '[--map "Header=column"]... [--default column=value]... [--status "Word=status"]... [--allow-image-host <host>]... | --tenant <slug> --clear-demo';

/** A problem with the command itself or its file: one line on stderr, exit 2. */
class UsageError extends Error {}

function formatOf(value: string | undefined): FeedFormat | undefined {
  if (value === undefined) return undefined;
  const format = feedFormats.find((candidate) => candidate === value.toLowerCase());
  if (!format) throw new UsageError(`--format: expected ${feedFormats.join(", ")}, got "${value}"`);
  return format;
}

/**
 * A local feed is checked here and handed to the import as a file, which reads it a chunk at a time:
 * a 50 MB XML feed is never held whole (a URL's body is, as it arrives whole).
 */
async function checkLocal(file: string, maxBytes: number): Promise<FeedBytes> {
  let size: number;
  try {
    const info = await stat(file);
    if (info.isDirectory()) throw new UsageError(`--file: ${file} is a folder, not a feed file`);
    size = info.size;
  } catch (error) {
    if (error instanceof UsageError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    throw new UsageError(
      `--file: cannot read ${file}: ${code === "ENOENT" ? "no such file" : code === "EACCES" ? "permission denied" : String(code ?? error)}`,
    );
  }
  // Refused before reading, so a 2 GB mistake costs nothing.
  checkFeedSize(size, maxBytes);
  return { file };
}

async function readRemote(url: string, maxBytes: number): Promise<FeedBytes & { format?: FeedFormat }> {
  try {
    const got = await downloadFeed(url, { maxBytes, timeoutMs: FETCH_TIMEOUT_MS });
    if (got.kind === "not_modified") throw new UsageError(`--file: ${url} answered 304 Not Modified to a plain GET`);
    return { bytes: got.bytes, format: got.format };
  } catch (error) {
    if (error instanceof FeedDownloadError) throw new UsageError(`--file: cannot fetch ${error.message}`);
    throw error;
  }
}

function parseOptions() {
  try {
    return parseArgs({
      options: {
        tenant: { type: "string" },
        file: { type: "string" },
        format: { type: "string" },
        partial: { type: "boolean", default: false },
        "dry-run": { type: "boolean", default: false },
        force: { type: "boolean", default: false },
        json: { type: "boolean", default: false },
        map: { type: "string", multiple: true, default: [] },
        default: { type: "string", multiple: true, default: [] },
        status: { type: "string", multiple: true, default: [] },
        "allow-image-host": { type: "string", multiple: true, default: [] },
        "clear-demo": { type: "boolean", default: false },
      },
      strict: true,
    }).values;
  } catch (error) {
    throw new UsageError(`${error instanceof Error ? error.message : String(error)} (${USAGE})`);
  }
}

/** --clear-demo: the generated demo stock removed from the database and the search index; nothing else. */
async function clearDemo(tenant: Tenant, settings: ReturnType<typeof readEnv>, maxBytes: number): Promise<number> {
  const handle = openDb({ databaseUrl: settings.DATABASE_URL, dataDir: settings.DATA_DIR });
  try {
    await migrateToLatest(handle);
    const store = createStockStore(handle, { maxFeedBytes: maxBytes });
    const removed = await stockImporter({ store, meilisearch: settings }).clearDemo(tenant);
    process.stdout.write(
      removed > 0
        ? `${tenant.slug}: demo stock removed: ${removed} generated vehicles; the site lists no vehicle until the dealer's first import\n`
        : `${tenant.slug}: no demo stock to remove (the stock is the dealer's own, or already empty); nothing changed\n`,
    );
    return 0;
  } finally {
    await handle.db.destroy();
  }
}

async function main(): Promise<number> {
  const values = parseOptions();
  if (!values.tenant || (!values.file && !values["clear-demo"])) throw new UsageError(USAGE);
  if (values.file && values["clear-demo"])
    throw new UsageError("--clear-demo: does only that; run it without --file (a first import replaces the demo by itself)");
  const settings = readEnv();
  const maxBytes = maxFeedBytes(process.env.STOCK_FEED_MAX_BYTES);
  const explicitFormat = formatOf(values.format);
  let mapping: Partial<FeedMapping>;
  try {
    mapping = mappingFromFlags({ map: values.map, default: values.default, status: values.status });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }

  const tenants = loadTenants(path.resolve(settings.TENANTS_DIR));
  const tenant = tenants.find((candidate) => candidate.slug === values.tenant);
  if (!tenant) throw new UsageError(`unknown tenant "${values.tenant}" (tenants: ${tenants.map((t) => t.slug).join(", ")})`);

  if (values["clear-demo"]) return clearDemo(tenant, settings, maxBytes);
  const source = values.file ?? "";
  const remote = /^https?:\/\//i.test(source);
  let feed: FeedBytes & { format?: FeedFormat };
  try {
    feed = remote ? await readRemote(source, maxBytes) : await checkLocal(source, maxBytes);
  } catch (error) {
    if (error instanceof FeedError) throw new UsageError(`${source}: ${error.message}`);
    throw error;
  }
  const format = explicitFormat ?? feed.format ?? formatFromFileName(remote ? new URL(source).pathname : source);

  const handle = openDb({ databaseUrl: settings.DATABASE_URL, dataDir: settings.DATA_DIR });
  const mailer = createMailer(settings);
  try {
    await migrateToLatest(handle);
    const store = createStockStore(handle, { maxFeedBytes: maxBytes });
    // A CLI import sends the garage's price-drop and sold alerts as the server's imports do.
    const afterPriceOrSold = alertsAfterImport({
      db: handle,
      mailer,
      secrets: settings.sessionSecrets,
      log: logger,
      vehiclesByIds: store.vehiclesByIds,
    });
    const importStock = stockImporter({ store, meilisearch: settings, afterPriceOrSold });
    const report = await importStock(
      tenant,
      { ...feed, format, mapping, allowImageHosts: values["allow-image-host"] },
      {
        source: remote ? source : path.basename(source),
        mode: values.partial ? "partial" : "full",
        dryRun: values["dry-run"],
        force: values.force,
        // Present when node runs with --expose-gc, as `npm run stock:import` does.
        betweenWrites: (globalThis as { gc?: () => void }).gc,
      },
    );
    process.stdout.write(values.json ? `${JSON.stringify(report, null, 2)}\n` : renderReport(report));
    return report.refusal === null ? 0 : 1;
  } finally {
    mailer.close();
    await handle.db.destroy();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`stock-import: ${message}\n`);
    process.exitCode = error instanceof UsageError ? 2 : 1;
  },
);
