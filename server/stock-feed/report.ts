import { pluralise } from "~/server/lib/plural";
import type { ImportCounts, ImportMode } from "./diff";
import { formatRowIssue, type RowIssue } from "./feed-row";
import type { PhotoHostIssue } from "./photos";
import type { FeedFormat } from "./read-feed";
import { formatCount } from "~/server/lib/format";

/**
 * What an import did, or would do (issue 10 §3). The CLI prints `renderReport`; the push endpoint
 * answers with this object as JSON. `refusal` is set when the feed was refused whole and nothing changed.
 */
export type ImportReport = {
  tenant: string;
  /** The file, URL or "push", for the headline. */
  source: string;
  format: FeedFormat | null;
  mode: ImportMode;
  dry_run: boolean;
  forced: boolean;
  outcome: "applied" | "dry_run" | "refused";
  refusal: string | null;
  /** The refusal --force went past, when it did. */
  overridden: string | null;
  /** Data rows in the feed. */
  rows: number;
  counts: ImportCounts;
  rejected: RowIssue[];
  /** Rows kept with something dropped (photos from hosts not in image_hosts). */
  warnings: RowIssue[];
  /** Photos dropped because their host is not in image_hosts: once per host, with the site.json change. */
  photo_hosts: PhotoHostIssue[];
  ignored_columns: string[];
  listed_before: number;
  listed_after: number;
  /** Generated demo vehicles this import removed (a tenant's first real import replaces the demo). */
  demo_removed: number;
  /** The tenant's stock version after the import; unchanged when nothing was applied. */
  version: number;
  imported_at: string;
  duration_ms: number;
};

export const emptyCounts: ImportCounts = {
  added: 0,
  updated: 0,
  unchanged: 0,
  price_changed: 0,
  marked_sold: 0,
  returned_to_stock: 0,
  rejected: 0,
};

const SHOWN_REJECTED = 10;
const SHOWN_WARNINGS = 5;

function number(value: number): string {
  return formatCount(value);
}

function seconds(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
}

function headline(report: ImportReport): string {
  const what = `${report.mode} import`;
  const prefix = `${report.tenant}: ${report.source}`;
  if (report.outcome === "refused") return `${prefix}: refused: ${report.refusal}; nothing changed`;
  const forced = report.overridden === null ? "" : ` (forced past: ${report.overridden})`;
  if (report.outcome === "dry_run") {
    return report.refusal === null
      ? `${prefix}: dry run of a ${what}: nothing changed${forced}`
      : `${prefix}: dry run of a ${what}: would be refused: ${report.refusal}`;
  }
  return `${prefix}: ${what} applied, stock version ${report.version}, ${seconds(report.duration_ms)}${forced}`;
}

function section(title: string, issues: readonly RowIssue[], shown: number): string[] {
  if (issues.length === 0) return [];
  const lines = [`${title} (${number(issues.length)}):`, ...issues.slice(0, shown).map((issue) => `  ${formatRowIssue(issue)}`)];
  if (issues.length > shown) lines.push(`  … and ${number(issues.length - shown)} more (the JSON report lists every line)`);
  return lines;
}

/**
 * The report on one screen: a headline, the counts, then the first rejected rows and dropped photos.
 * A feed refused before its rows were read (empty, not UTF-8, missing columns…) is the headline alone.
 */
export function renderReport(report: ImportReport): string {
  const lines = [headline(report)];
  if (report.rows === 0) return `${lines[0]}\n`;
  const c = report.counts;
  const format = report.format === null ? "" : `${report.format.toUpperCase()}, `;
  lines.push(
    `  ${format}${number(report.rows)} ${pluralise("row", report.rows)}: added ${number(c.added)} · updated ${number(c.updated)} · unchanged ${number(c.unchanged)} · ` +
      `price changed ${number(c.price_changed)} · marked sold ${number(c.marked_sold)} · returned to stock ${number(c.returned_to_stock)} · ` +
      `rejected ${number(c.rejected)}`,
  );
  if (report.demo_removed > 0) {
    const verb = report.outcome === "applied" ? "removed" : "would be removed";
    lines.push(
      `  demo stock ${verb}: ${number(report.demo_removed)} generated vehicles (a first import replaces the demo, so none is shown as sold)`,
    );
  }
  const listedVerb = report.outcome === "applied" ? "listed vehicles" : "listed vehicles if applied";
  lines.push(`  ${listedVerb}: ${number(report.listed_before)} → ${number(report.listed_after)}`);
  lines.push(...section("rejected rows", report.rejected, SHOWN_REJECTED));
  for (const host of report.photo_hosts) {
    lines.push(
      `photos from ${host.host} dropped (${number(host.photos)} ${pluralise("photo", host.photos)} on ${number(host.rows)} ${pluralise("row", host.rows)}, first line ${host.first_line}): the host is not in this site's image_hosts; ${host.fix}`,
    );
  }
  lines.push(...section("photos dropped", report.warnings, SHOWN_WARNINGS));
  if (report.ignored_columns.length > 0) lines.push(`columns not read: ${report.ignored_columns.join(", ")}`);
  return `${lines.join("\n")}\n`;
}
