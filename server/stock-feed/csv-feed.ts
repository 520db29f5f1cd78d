import { CsvError, parse } from "csv-parse/sync";
import { feedColumns, mapHeader, type HeaderMap } from "./columns";
import { csvRow, csvRowSchema, type CsvCells, type RowContext } from "./csv-row";
import type { FeedRow, RowIssue } from "./feed-row";
import { emptyFeedMapping, type FeedMapping } from "~/server/tenants/stock-feed-mapping";
import { FeedError, feedMessages, rowMessages } from "./messages";

export type RowsRead = { rows: FeedRow[]; rejected: RowIssue[]; total: number; ignoredColumns: string[] };

const CANDIDATE_DELIMITERS = [",", ";", "\t"] as const;

/** Comma, unless the header line is plainly separated by semicolons (European spreadsheets) or tabs. */
function delimiterOf(text: string): string {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  let best: string = ",";
  let bestCount = 0;
  for (const delimiter of CANDIDATE_DELIMITERS) {
    const count = firstLine.split(delimiter).length - 1;
    if (count > bestCount) {
      best = delimiter;
      bestCount = count;
    }
  }
  return best;
}

/** A record and the byte offset just past it (its delimiter included), where the next one starts. */
export type CsvRecord = { record: string[]; end: number };

// csv-parse's codes in words a dealer can act on; anything else keeps the library's own text.
const syntaxReasons: Partial<Record<string, string>> = {
  CSV_QUOTE_NOT_CLOSED: "a quoted field is never closed",
  INVALID_OPENING_QUOTE: 'a quote inside an unquoted field (quote the whole field and double the quotes inside it: "15"" wheels")',
  CSV_INVALID_CLOSING_QUOTE: "text right after a closing quote",
  CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE: "text right after a closing quote",
};

/** The records, or a FeedError naming the line where the unreadable record starts. */
export function readRecords(bytes: Uint8Array, text: string): CsvRecord[] {
  const records: CsvRecord[] = [];
  try {
    parse(bytes, {
      bom: true,
      delimiter: delimiterOf(text),
      relax_column_count: true,
      skip_empty_lines: false,
      on_record: (record: string[], context) => {
        records.push({ record, end: context.bytes });
        return null;
      },
    });
    return records;
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    const start = records.at(-1)?.end ?? 0;
    const line = lineCounter(bytes)(start);
    throw new FeedError(feedMessages.csvSyntax(line, syntaxReasons[error.code] ?? error.message));
  }
}

/** Counts newlines as a record's start offset moves forward, so each row knows its first line. */
export function lineCounter(bytes: Uint8Array): (offset: number) => number {
  let cursor = 0;
  let line = 1;
  return (offset) => {
    for (; cursor < offset; cursor++) if (bytes[cursor] === 0x0a) line++;
    return line;
  };
}

function cellsOf(record: readonly string[], header: HeaderMap): CsvCells {
  const cells: CsvCells = {};
  for (const column of feedColumns) {
    const index = header.index[column];
    if (index !== undefined) cells[column] = record[index];
  }
  return cells;
}

/**
 * A CSV feed with a header row (issue 10): quoted fields with commas and newlines, CRLF, a BOM.
 * Each data row is checked on its own; a rejected row is reported by the line it starts on.
 * Rows whose every cell is blank are spacing, not vehicles.
 */
export function readCsvRows(
  bytes: Uint8Array,
  text: string,
  context: RowContext,
  mapping: Pick<FeedMapping, "columns" | "defaults"> = emptyFeedMapping,
): RowsRead {
  const records = readRecords(bytes, text);
  const lineOf = lineCounter(bytes);
  let start = 0;
  let header: HeaderMap | null = null;
  let width = 0;
  const schema = csvRowSchema(context);
  const out: RowsRead = { rows: [], rejected: [], total: 0, ignoredColumns: [] };
  for (const { record, end } of records) {
    const line = lineOf(start);
    start = end;
    if (record.every((cell) => cell.trim() === "")) continue;
    if (header === null) {
      header = mapHeader(record, mapping);
      width = record.length;
      out.ignoredColumns = header.ignored;
      continue;
    }
    out.total++;
    // Blank extra fields are a trailing comma; filled ones mean an unquoted comma shifted the row.
    if (record.length < width || record.slice(width).some((cell) => cell.trim() !== "")) {
      out.rejected.push({ line, message: rowMessages.wrongFieldCount(width, record.length) });
      continue;
    }
    const result = csvRow(schema, line, cellsOf(record, header), header.names);
    if ("row" in result) out.rows.push(result.row);
    else out.rejected.push({ line, message: result.message });
  }
  if (header === null) throw new FeedError(feedMessages.empty);
  if (out.total === 0) throw new FeedError(feedMessages.noRows);
  return out;
}
