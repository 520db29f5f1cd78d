import type { Vehicle } from "~/server/stock/vehicle";
import type { Tenant } from "~/server/tenants/load";
import { diffStock, type ImportMode, type PriceChange, type StockDiff } from "./diff";
import { refusalMessages } from "./messages";
import type { ReadFeed } from "./read-feed";
import { emptyCounts, type ImportReport } from "./report";

/** Issue 10 §3: a feed with more than half its rows rejected, or taking more than 30% of listed stock away, is refused. */
export const MAX_REJECTED_SHARE = 0.5;
export const MAX_LEAVING_SHARE = 0.3;

export type ImportOptions = {
  mode: ImportMode;
  force: boolean;
  dryRun: boolean;
  /** The import time: sold dates and price changes carry it. */
  now: number;
  /** For the report's headline: a file name, URL or "push". */
  source: string;
  /** Vehicle ids reserved by a paid deposit: a feed cannot un-reserve them (reserved-rule.ts). */
  heldByDeposit?: ReadonlySet<number>;
};

export type ImportPlan = {
  report: ImportReport;
  /** Empty unless the import is to be applied. */
  writes: Vehicle[];
  priceChanges: PriceChange[];
};

function percent(share: number): number {
  return Math.round(share * 1000) / 10;
}

/** Why this feed must not be applied, or null. Force overrides both rules. */
export function refusalOf(
  read: Pick<ReadFeed, "total" | "rejected">,
  diff: Pick<StockDiff, "leavingStock" | "listedBefore">,
): string | null {
  if (read.rejected.length > read.total * MAX_REJECTED_SHARE) return refusalMessages.tooManyRejected(read.rejected.length, read.total);
  if (diff.listedBefore > 0 && diff.leavingStock > diff.listedBefore * MAX_LEAVING_SHARE) {
    return refusalMessages.truncated(diff.leavingStock, diff.listedBefore, percent(diff.leavingStock / diff.listedBefore));
  }
  return null;
}

function baseReport(tenant: Tenant, options: ImportOptions, version: number): ImportReport {
  return {
    tenant: tenant.slug,
    source: options.source,
    format: null,
    mode: options.mode,
    dry_run: options.dryRun,
    forced: options.force,
    outcome: options.dryRun ? "dry_run" : "refused",
    refusal: null,
    overridden: null,
    rows: 0,
    counts: { ...emptyCounts },
    rejected: [],
    warnings: [],
    photo_hosts: [],
    ignored_columns: [],
    listed_before: 0,
    listed_after: 0,
    demo_removed: 0,
    version,
    imported_at: new Date(options.now).toISOString(),
    duration_ms: 0,
  };
}

/** The report of a feed refused before its rows were read: the one-line reason, nothing else. */
export function unreadableFeedReport(tenant: Tenant, reason: string, options: ImportOptions, version: number): ImportReport {
  return { ...baseReport(tenant, options, version), outcome: options.dryRun ? "dry_run" : "refused", refusal: reason };
}

/** The feed against the current stock: the report, and what to write when it is to be applied. */
export function planImport(
  tenant: Tenant,
  read: ReadFeed,
  current: readonly Vehicle[],
  options: ImportOptions,
  version: number,
): ImportPlan {
  const diff = diffStock(read.rows, current, tenant.site, options.mode, options.now, options.heldByDeposit);
  const refusal = refusalOf(read, diff);
  const blocked = refusal !== null && !options.force;
  const applies = !options.dryRun && !blocked;
  const report: ImportReport = {
    ...baseReport(tenant, options, version),
    format: read.format,
    outcome: options.dryRun ? "dry_run" : blocked ? "refused" : "applied",
    refusal: blocked ? refusal : null,
    overridden: blocked ? null : refusal,
    rows: read.total,
    counts: { ...diff.counts, rejected: read.rejected.length },
    rejected: read.rejected,
    warnings: read.warnings,
    photo_hosts: read.photoHosts,
    ignored_columns: read.ignoredColumns,
    listed_before: diff.listedBefore,
    listed_after: diff.listedAfter,
  };
  return applies ? { report, writes: diff.writes, priceChanges: diff.priceChanges } : { report, writes: [], priceChanges: [] };
}
