import { readFileSync } from "node:fs";
import type { Tenant } from "~/server/tenants/load";
import { readCsvRows, type RowsRead } from "./csv-feed";
import { readGoogleXml } from "./google-xml";
import { readPlatformRows } from "./platform-feed";
import { platformOfHeader, readPlatformCsv, sniffHeader } from "./platform-csv";
import type { RowContext } from "./csv-row";
import { checkFeedSize, decodeFeed, decodeFeedChunks, FEED_CHUNK_BYTES, feedSize, type FeedBytes } from "./decode";
import { stockKey, vinKey, type FeedRow, type RowIssue } from "./feed-row";
import { readJsonRows } from "./json-feed";
import { defaultLocation, locationMatcher } from "./locations";
import { FeedError, feedMessages, rowMessages } from "./messages";
import { keepAllowedPhotos, type PhotoHostIssue } from "./photos";
import { statusReader } from "./dealer-values";
import { emptyFeedMapping, type FeedMapping } from "~/server/tenants/stock-feed-mapping";

/** A dealer's own CSV, our JSON, Google's vehicle ads feed as XML or TSV/CSV, Meta's automotive catalogue CSV. */
export const feedFormats = ["csv", "json", "google-xml", "google-csv", "meta-csv"] as const;
export type FeedFormat = (typeof feedFormats)[number];

export type FeedInput = FeedBytes & {
  /** The command line's --map, --default and --status: they win over site.json stock_feed's. */
  mapping?: Partial<FeedMapping>;
  /** --allow-image-host: photo hosts allowed for this run besides site.json image_hosts. */
  allowImageHosts?: readonly string[];
  /** As the caller was told (--format, Content-Type); absent means: look at the first character. */
  format?: FeedFormat;
};

export type ReadOptions = {
  now: number;
  maxBytes: number;
  /** Bytes of an XML feed decoded and scanned at a time (FEED_CHUNK_BYTES); tests split a feed into small ones. */
  chunkBytes?: number;
};

/** A feed read and checked row by row, before it meets the tenant's stock. */
export type ReadFeed = {
  format: FeedFormat;
  /** Data rows in the file (the header and blank rows not counted). */
  total: number;
  rows: FeedRow[];
  rejected: RowIssue[];
  /** Rows kept with photos dropped for a reason other than their host. */
  warnings: RowIssue[];
  /** Photos dropped because their host is not in image_hosts, once per host with the fix. */
  photoHosts: PhotoHostIssue[];
  ignoredColumns: string[];
};

/**
 * The format a file name's extension says, for files that arrive without a Content-Type (the CLI, a
 * drop folder, SFTP). `.csv` is left to the header row: a dealer's export, Google's TSV/CSV form or
 * Meta's catalogue; no answer means the contents decide (`sniff`).
 */
export function formatFromFileName(name: string): FeedFormat | undefined {
  const extension = /\.[^./\\]*$/.exec(name)?.[0].toLowerCase();
  return extension === ".json" ? "json" : extension === ".xml" ? "google-xml" : undefined;
}

/** The format a file's first character (XML root, JSON) or header row (the platforms' field names) says. */
function sniff(text: string): FeedFormat {
  const first = text.replace(/^\uFEFF/, "").trimStart()[0];
  if (first === "<") return "google-xml";
  if (first === "{" || first === "[") return "json";
  const platform = platformOfHeader(sniffHeader(text));
  return platform === "google" ? "google-csv" : platform === "meta" ? "meta-csv" : "csv";
}

/** A format the caller named that the file plainly is not: refused before anything is read. */
function checkFormat(format: FeedFormat, detected: FeedFormat): void {
  if (format === detected) return;
  if (format === "json") throw new FeedError(feedMessages.looksLikeCsv);
  if (detected === "json") throw new FeedError(feedMessages.looksLikeJson);
  if (format === "google-xml") throw new FeedError(feedMessages.notXml);
  if (detected === "google-xml") throw new FeedError(feedMessages.looksLikeXml);
}

/** A feed other than XML, read whole: the bytes and their text. */
function readWholeFeed(format: FeedFormat, bytes: Uint8Array, text: string, context: RowContext, mapping: FeedMapping): RowsRead {
  switch (format) {
    case "csv":
      return readCsvRows(bytes, text, context, mapping);
    case "json":
      return readJsonRows(text, context);
    case "google-xml":
      return readPlatformRows("google", readGoogleXml([text]), context);
    case "google-csv":
      return readPlatformRows("google", readPlatformCsv(bytes, text), context);
    case "meta-csv":
      return readPlatformRows("meta", readPlatformCsv(bytes, text), context);
  }
}

/** The text read so far, then the rest as it is decoded. */
function* followedBy(head: string[], rest: Iterator<string>): Generator<string> {
  for (let piece = head.shift(); piece !== undefined; piece = head.shift()) yield piece;
  for (let next = rest.next(); next.done !== true; next = rest.next()) yield next.value;
}

/**
 * The rows of the feed, in the format the caller named or its contents show. An XML feed is read a
 * chunk at a time, never held whole as bytes or text: its first character that is not white space
 * tells it from the others, which are read whole as before (their readers need the whole text).
 */
function readRows(input: FeedInput, options: ReadOptions, tenant: Tenant): { format: FeedFormat; read: RowsRead } {
  const mapping = feedMapping(tenant, input.mapping);
  const context = rowContext(tenant, options.now, mapping);
  const chunks = decodeFeedChunks(input, { chunkBytes: options.chunkBytes ?? FEED_CHUNK_BYTES, maxBytes: options.maxBytes });
  try {
    const head: string[] = [];
    let first: string | undefined;
    while (first === undefined) {
      const next = chunks.next();
      if (next.done === true) break;
      head.push(next.value);
      first = next.value.trimStart()[0];
    }
    if (first === "<") {
      const format = input.format ?? "google-xml";
      checkFormat(format, "google-xml");
      return { format, read: readPlatformRows("google", readGoogleXml(followedBy(head, chunks)), context) };
    }
    const bytes = "file" in input ? readFileSync(input.file) : input.bytes;
    const text = decodeFeed(bytes);
    const detected = sniff(text);
    // "csv" (a Content-Type, a site.json format, --format csv) names the syntax: the header row tells
    // whether it is a dealer's export, Google's vehicle ads TSV/CSV or Meta's catalogue.
    const format = input.format === undefined || (input.format === "csv" && detected.endsWith("-csv")) ? detected : input.format;
    checkFormat(format, detected);
    return { format, read: readWholeFeed(format, bytes, text, context, mapping) };
  } finally {
    chunks.return(undefined);
  }
}

/** site.json stock_feed's mapping with the run's own on top (the command line wins). */
export function feedMapping(tenant: Tenant, run: Partial<FeedMapping> = {}): FeedMapping {
  const site = tenant.site.stock_feed ?? emptyFeedMapping;
  return {
    columns: { ...site.columns, ...run.columns },
    defaults: { ...site.defaults, ...run.defaults },
    statuses: { ...site.statuses, ...run.statuses },
  };
}

function rowContext(tenant: Tenant, now: number, mapping: FeedMapping): RowContext {
  return {
    statuses: statusReader(mapping.statuses),
    defaults: mapping.defaults,
    locations: locationMatcher(tenant.site),
    defaultLocation: defaultLocation(tenant.site),
    latestYear: new Date(now).getUTCFullYear() + 1,
  };
}

/** Issue 10: a later row with a stock number or VIN already seen in this feed is rejected; the first stays. */
function rejectDuplicates(rows: readonly FeedRow[]): { kept: FeedRow[]; rejected: RowIssue[] } {
  const stockLines = new Map<string, number>();
  const vinLines = new Map<string, number>();
  const kept: FeedRow[] = [];
  const rejected: RowIssue[] = [];
  for (const row of rows) {
    const stock = stockKey(row.stocknum);
    const vin = vinKey(row.vin);
    const stockSeen = stockLines.get(stock);
    const vinSeen = vin === null ? undefined : vinLines.get(vin);
    if (stockSeen !== undefined)
      rejected.push({ line: row.line, message: `stock_number: ${rowMessages.duplicateStock(row.stocknum, stockSeen)}` });
    else if (vinSeen !== undefined && vin !== null)
      rejected.push({ line: row.line, message: `vin: ${rowMessages.duplicateVin(vin, vinSeen)}` });
    else {
      stockLines.set(stock, row.line);
      if (vin !== null) vinLines.set(vin, row.line);
      kept.push(row);
    }
  }
  return { kept, rejected };
}

/**
 * Bytes (or a file) to checked rows: size limit, UTF-8, format, header, each row with zod, photo hosts, duplicates.
 * Throws FeedError (one line) when the feed as a whole cannot be read; row problems are reported, not thrown.
 */
export function readFeed(input: FeedInput, tenant: Tenant, options: ReadOptions): ReadFeed {
  checkFeedSize(feedSize(input), options.maxBytes);
  const { format, read } = readRows(input, options, tenant);

  const { kept, rejected } = rejectDuplicates(read.rows);
  const warnings: RowIssue[] = [];
  const hosts = new Map<string, PhotoHostIssue>();
  const allowed = input.allowImageHosts?.length
    ? { dir: tenant.dir, site: { image_hosts: [...tenant.site.image_hosts, ...input.allowImageHosts] } }
    : tenant;
  const rows = kept.map((row) => {
    const { photos, warning } = keepAllowedPhotos(row.photos, row.line, allowed, hosts);
    if (warning) warnings.push(warning);
    return photos.length === row.photos.length ? row : { ...row, photos };
  });
  return {
    format,
    total: read.total,
    rows,
    rejected: [...read.rejected, ...rejected].sort((a, b) => a.line - b.line),
    warnings,
    photoHosts: [...hosts.values()],
    ignoredColumns: read.ignoredColumns,
  };
}
