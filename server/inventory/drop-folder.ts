import { randomUUID } from "node:crypto";
import { mkdirSync, watch, type FSWatcher } from "node:fs";
import { mkdir, open, readdir, rename, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Logger } from "~/server/lib/logger";
import { feedMessages } from "~/server/stock-feed/messages";
import { unreadableFeedReport } from "~/server/stock-feed/plan";
import { formatFromFileName } from "~/server/stock-feed/read-feed";
import { renderReport, type ImportReport } from "~/server/stock-feed/report";
import type { Tenant } from "~/server/tenants/load";
import { DROP_SUBFOLDERS, isComplete, isDropCandidate, reportName, settledName, steadySince, type SteadySince } from "./drop-folder-rules";
import type { ImportStock } from "./import-stock";
import type { StockStore } from "./stock-store";

export type DropFolderOptions = {
  /** STOCK_DROP_DIR: holds one folder per tenant slug. */
  dir: string;
  tenants: readonly Tenant[];
  importStock: ImportStock;
  /** Where a file too large to read is recorded as a refused attempt (shown by /healthz). */
  store: Pick<StockStore, "recordFailedAttempt">;
  log: Logger;
  maxBytes: number;
  /** STOCK_DROP_STABLE_SECONDS in ms. */
  stableMs: number;
  /** STOCK_DROP_SCAN_SECONDS in ms. */
  scanMs: number;
};

export type DropFolder = {
  /** One scan of every tenant's folder now; resolves when it (and any import it started) is done. */
  scan(): Promise<void>;
  stop(): Promise<void>;
};

// Past this many names taken in done/ or failed/ something is wrong with the folder, not the names.
const MAX_NAME_ATTEMPTS = 1000;

function errorCode(error: unknown): string | undefined {
  return error instanceof Error && "code" in error && typeof error.code === "string" ? error.code : undefined;
}

/** The first `maxBytes + 1` bytes at most: enough to know a file is over the limit without reading a mistake of gigabytes. */
async function readBounded(file: string, maxBytes: number): Promise<{ bytes: Uint8Array; size: number }> {
  const handle = await open(file, "r");
  try {
    const { size } = await handle.stat();
    if (size > maxBytes) return { bytes: new Uint8Array(), size };
    const { buffer, bytesRead } = await handle.read({ buffer: Buffer.alloc(size), position: 0 });
    return { bytes: buffer.subarray(0, bytesRead), size };
  } finally {
    await handle.close();
  }
}

/**
 * Per-tenant drop folders: a complete feed file in `STOCK_DROP_DIR/<slug>/` is claimed by renaming it
 * into `processing/` (so of several instances sharing the folder only one imports it), imported
 * through the one importer with the tenant's site.json mapping, and moved to `done/` (applied) or
 * `failed/` (refused or unreadable) with its rendered report beside it. `fs.watch` only hints that
 * something changed; a periodic scan finds what watch events a network filesystem or container lost.
 */
export function startDropFolder(options: DropFolderOptions): DropFolder {
  const bySlug = new Map(options.tenants.map((tenant) => [tenant.slug, tenant]));
  const steady = new Map<string, SteadySince>();
  const unknownFolders = new Set<string>();
  const watchers: FSWatcher[] = [];
  let stopped = false;
  let scanning: Promise<void> | null = null;
  let rescan = false;
  let recheck: NodeJS.Timeout | undefined;

  for (const tenant of options.tenants) {
    const folder = path.join(options.dir, tenant.slug);
    try {
      mkdirSync(folder, { recursive: true });
      const watcher = watch(folder, { persistent: false }, () => requestScan());
      // A watch that fails (folder removed, too many watches) leaves the periodic scan to find files.
      watcher.on("error", () => watcher.close());
      watchers.push(watcher);
    } catch (error) {
      options.log.error({ tenant: tenant.slug, err: errorCode(error) ?? String(error) }, "stock drop folder cannot be used");
    }
  }

  async function settle(folder: string, claimed: string, name: string, into: "done" | "failed", report: string): Promise<string> {
    const target = path.join(folder, DROP_SUBFOLDERS[into]);
    await mkdir(target, { recursive: true });
    const now = Date.now();
    for (let attempt = 0; attempt < MAX_NAME_ATTEMPTS; attempt++) {
      const settled = settledName(name, attempt, now);
      const taken = await stat(path.join(target, settled)).then(
        () => true,
        () => false,
      );
      if (taken) continue;
      // Creating the report exclusively reserves the name: another instance settling a file of the same name picks the next.
      try {
        await writeFile(path.join(target, reportName(settled)), report, { flag: "wx" });
      } catch (error) {
        if (errorCode(error) === "EEXIST") continue;
        throw error;
      }
      await rename(claimed, path.join(target, settled));
      return `${DROP_SUBFOLDERS[into]}/${settled}`;
    }
    throw new Error(`${target}: no free name for ${name} after ${MAX_NAME_ATTEMPTS} attempts`);
  }

  async function importClaimed(tenant: Tenant, claimed: string, name: string): Promise<ImportReport> {
    const { bytes, size } = await readBounded(claimed, options.maxBytes);
    if (size > options.maxBytes) {
      // Refused before reading, as the CLI refuses a file too large; recorded like a feed that could not be fetched.
      const refusal = feedMessages.tooLarge(size, options.maxBytes);
      await options.store.recordFailedAttempt(tenant.slug, `${name}: ${refusal}`);
      return unreadableFeedReport(tenant, refusal, { mode: "full", force: false, dryRun: false, now: Date.now(), source: name }, 0);
    }
    return options.importStock(tenant, { bytes, format: formatFromFileName(name) }, { source: name, mode: "full" });
  }

  async function take(tenant: Tenant, folder: string, name: string): Promise<void> {
    const processing = path.join(folder, DROP_SUBFOLDERS.processing);
    await mkdir(processing, { recursive: true });
    // A unique name in processing/: a file of the same name dropped again while one is importing never replaces it.
    const claimed = path.join(processing, `${Date.now()}-${randomUUID().slice(0, 8)}--${name}`);
    try {
      await rename(path.join(folder, name), claimed);
    } catch (error) {
      // Another instance renamed it first: it is that instance's to import.
      if (errorCode(error) === "ENOENT") return;
      throw error;
    }
    let report: ImportReport;
    try {
      report = await importClaimed(tenant, claimed, name);
    } catch (error) {
      // Not the feed's fault (the database away, a read error): back where it was, for the next scan.
      await rename(claimed, path.join(folder, name)).catch(() => undefined);
      options.log.error(
        { tenant: tenant.slug, file: name, err: error instanceof Error ? error.message : String(error) },
        "stock drop import failed; the file stays for the next scan",
      );
      return;
    }
    const movedTo = await settle(folder, claimed, name, report.outcome === "applied" ? "done" : "failed", renderReport(report));
    options.log.info(
      { tenant: tenant.slug, file: name, outcome: report.outcome, counts: report.counts, rows: report.rows, moved_to: movedTo },
      "stock drop imported",
    );
  }

  /** Imports the complete files of one tenant's folder, oldest first; true when some file is still arriving. */
  async function scanTenant(tenant: Tenant, seen: Set<string>): Promise<boolean> {
    const folder = path.join(options.dir, tenant.slug);
    const [entries, folderInfo] = await Promise.all([readdir(folder, { withFileTypes: true }), stat(folder)]);
    const sightings = await Promise.all(
      entries
        .filter((entry) => entry.isFile() && isDropCandidate(entry.name))
        .map(async (entry) => {
          const info = await stat(path.join(folder, entry.name)).catch(() => null);
          return info && { name: entry.name, size: info.size, mtimeMs: info.mtimeMs };
        }),
    );
    const files = sightings.flatMap((file) => file ?? []).sort((a, b) => a.mtimeMs - b.mtimeMs || a.name.localeCompare(b.name));
    let arriving = false;
    for (const file of files) {
      if (stopped) break;
      const key = path.join(folder, file.name);
      const now = Date.now();
      const since = steadySince(steady.get(key), file, now);
      if (!isComplete({ file, folderMtimeMs: folderInfo.mtimeMs, steady: since, now, stableMs: options.stableMs })) {
        steady.set(key, since);
        seen.add(key);
        arriving = true;
        continue;
      }
      steady.delete(key);
      await take(tenant, folder, file.name);
    }
    return arriving;
  }

  async function scanAll(): Promise<void> {
    const entries = await readdir(options.dir, { withFileTypes: true }).catch((error: unknown) => {
      options.log.error({ err: errorCode(error) ?? String(error) }, "STOCK_DROP_DIR cannot be read");
      return [];
    });
    const seen = new Set<string>();
    let arriving = false;
    for (const entry of entries) {
      if (stopped) break;
      if (!entry.isDirectory() || entry.name.startsWith(".")) continue;
      const tenant = bySlug.get(entry.name);
      if (!tenant) {
        if (!unknownFolders.has(entry.name)) {
          unknownFolders.add(entry.name);
          options.log.warn({ folder: entry.name }, "stock drop folder names no tenant; left alone");
        }
        continue;
      }
      try {
        arriving = (await scanTenant(tenant, seen)) || arriving;
      } catch (error) {
        options.log.error(
          { tenant: tenant.slug, err: error instanceof Error ? error.message : String(error) },
          "stock drop folder scan failed",
        );
      }
    }
    // Files gone since the last scan (taken by another instance, removed) are forgotten.
    for (const key of steady.keys()) if (!seen.has(key)) steady.delete(key);
    // A file still arriving is looked at again once it could have become stable, not only at the next periodic scan.
    if (arriving && !stopped && recheck === undefined) {
      recheck = setTimeout(
        () => {
          recheck = undefined;
          requestScan();
        },
        Math.min(options.stableMs, options.scanMs) + 50,
      );
      recheck.unref();
    }
  }

  function requestScan(): Promise<void> {
    if (stopped) return Promise.resolve();
    if (scanning) {
      rescan = true;
      return scanning;
    }
    scanning = (async () => {
      do {
        rescan = false;
        await scanAll();
      } while (rescan && !stopped);
    })().finally(() => {
      scanning = null;
    });
    return scanning;
  }

  const interval = setInterval(() => void requestScan(), options.scanMs);
  interval.unref();
  void requestScan();

  return {
    scan: async () => {
      await scanning;
      await requestScan();
    },
    async stop() {
      stopped = true;
      clearInterval(interval);
      clearTimeout(recheck);
      for (const watcher of watchers) watcher.close();
      await scanning;
    },
  };
}
