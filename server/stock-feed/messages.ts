import { countOf, pluralise } from "~/server/lib/plural";

// Issue 10: every refusal and report line is one sentence an operations person can act on.
// The texts live here so the CLI, the push endpoint and the docs quote the same words.

/** A feed refused before any row is read; the message is the whole answer. */
export class FeedError extends Error {
  override name = "FeedError";
}

function size(bytes: number): string {
  if (bytes < 1_048_576) return countOf(bytes, "byte");
  const value = bytes / 1_048_576;
  return `${Number(value.toFixed(1))} MB`;
}

/** Two sizes that would read the same in MB are given in bytes. */
function sizes(bytes: number, limit: number): [string, string] {
  const pair: [string, string] = [size(bytes), size(limit)];
  return pair[0] === pair[1] ? [countOf(bytes, "byte"), countOf(limit, "byte")] : pair;
}

function orList(items: readonly string[]): string {
  return items.length < 2 ? items.join("") : `${items.slice(0, -1).join(", ")} or ${items.at(-1)}`;
}

// A value that makes sense in the fix the refusal shows (a used-only yard's condition, most often).
const exampleDefaults: Partial<Record<string, string>> = { condition: "used", price: "POA", year: "2020", make: "Toyota" };

export const feedMessages = {
  empty: "the feed is empty",
  tooLarge: (bytes: number, limit: number) => {
    const [feed, max] = sizes(bytes, limit);
    return `the feed is ${feed}, over the limit of ${max} (STOCK_FEED_MAX_BYTES)`;
  },
  notUtf8: (line: number, byte: number) =>
    `the feed is not UTF-8 text: invalid byte 0x${byte.toString(16).toUpperCase().padStart(2, "0")} on line ${line}`,
  looksLikeJson: "expected CSV, but the feed looks like JSON (use --format json)",
  looksLikeCsv: "expected JSON, but the feed does not start with { (use --format csv)",
  invalidJson: (reason: string) => `the feed is not valid JSON: ${reason}`,
  jsonShape: 'the JSON feed must be an object with a "vehicles" array: {"vehicles": [...]}',
  xmlSyntax: (line: number, reason: string) => `line ${line}: not readable as XML: ${reason}`,
  xmlRoot: (root: string) => `expected Google's vehicle ads feed as RSS 2.0 (<rss>) or Atom (<feed>), but the XML document is <${root}>`,
  notXml: "expected Google's vehicle ads feed as XML, but the feed does not start with < (use --format google-csv, meta-csv or csv)",
  looksLikeXml: "expected CSV or JSON, but the feed is XML (use --format google-xml)",
  csvSyntax: (line: number, reason: string) => `line ${line}: not readable as CSV: ${reason}`,
  missingColumns: (missing: ReadonlyArray<{ column: string; accepted: readonly string[] }>) => {
    const first = missing[0].column;
    const columns = missing.map((m) => `${m.column} (a header named ${orList(m.accepted)})`).join(", ");
    return (
      `the header row is missing required ${pluralise("column", missing.length)}: ${columns}; ` +
      `without editing the file: --default ${first}=${exampleDefaults[first] ?? "<value>"} (one value for every row) or --map "Your Header=${first}", ` +
      `or the same in site.json stock_feed.defaults / stock_feed.columns`
    );
  },
  duplicateColumn: (field: string, first: string, second: string) =>
    `the header row has two columns for ${field}: "${first}" and "${second}"`,
  noRows: "the feed has no vehicle rows",
} as const;

/** Why a readable feed is refused whole (issue 10 §3); --force (CLI) or ?force=1 (push) overrides both. */
export const refusalMessages = {
  tooManyRejected: (rejected: number, rows: number) =>
    `${rejected} of ${rows} rows rejected, more than half — fix the feed, or force the import`,
  truncated: (leaving: number, listed: number, percent: number) =>
    `a full import would take ${leaving} of ${listed} listed vehicles (${percent}%) out of stock, more than 30% — check the feed is complete, import it as partial, or force the import`,
} as const;

export const rowMessages = {
  required: "required",
  expectedNumber: (raw: string) => `expected a number, got "${raw}"`,
  expectedWholeNumber: (raw: string) => `expected a whole number, got "${raw}"`,
  expectedYear: (raw: string, latest: number) => `expected a year from 1900 to ${latest}, got "${raw}"`,
  negative: (raw: string) => `expected 0 or more, got "${raw}"`,
  expectedCondition: (raw: string) => `expected new, used or demo, got "${raw}"`,
  expectedStatus: (raw: string) => `expected in_stock, coming_soon or sold, got "${raw}"`,
  tooLong: (max: number) => `longer than ${max} characters`,
  badVin: (raw: string) => `expected 6 to 17 letters and digits, got "${raw}"`,
  unknownLocation: (raw: string, known: readonly string[]) => `no location "${raw}" in site.json (known: ${known.join(", ")})`,
  unknownLocationId: (id: number) => `no location ${id} in site.json`,
  wrongFieldCount: (expected: number, got: number) => `expected ${expected} fields like the header, got ${got}`,
  duplicateStock: (value: string, line: number) => `stock number "${value}" already on line ${line}`,
  duplicateVin: (value: string, line: number) => `VIN "${value}" already on line ${line}`,
  photosDropped: (dropped: number, total: number, reasons: readonly string[]) =>
    `photos: dropped ${dropped} of ${total}: ${reasons.join("; ")}`,
} as const;
