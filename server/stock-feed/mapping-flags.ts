import { feedColumnNames, feedStatusNames, type FeedColumn, type FeedMapping, type FeedStatus } from "~/server/tenants/stock-feed-mapping";

function isColumn(value: string): value is FeedColumn {
  return (feedColumnNames as readonly string[]).includes(value);
}

function isStatus(value: string): value is FeedStatus {
  return (feedStatusNames as readonly string[]).includes(value);
}

/** "Header=column": split at the last "=", so a header may itself contain one. */
function pair(flag: string, value: string, example: string): [string, string] {
  const at = value.lastIndexOf("=");
  const left = at === -1 ? "" : value.slice(0, at).trim();
  const right = at === -1 ? "" : value.slice(at + 1).trim();
  if (left === "" || right === "") throw new Error(`${flag}: expected ${example}, got "${value}"`);
  return [left, right];
}

/**
 * The command line's --map "Header=column", --default column=value and --status "Word=status", as
 * the same mapping site.json stock_feed holds (stock-feed-mapping.ts); a bad one is one line.
 */
export function mappingFromFlags(flags: {
  map: readonly string[];
  default: readonly string[];
  status: readonly string[];
}): Partial<FeedMapping> {
  const columns: FeedMapping["columns"] = {};
  const defaults: FeedMapping["defaults"] = {};
  const statuses: FeedMapping["statuses"] = {};
  const ourColumns = feedColumnNames.join(", ");
  for (const value of flags.map) {
    const [header, column] = pair("--map", value, '"Header=column"');
    if (!isColumn(column)) throw new Error(`--map ${value}: expected one of our columns (${ourColumns}), got "${column}"`);
    columns[header] = column;
  }
  for (const value of flags.default) {
    const at = value.indexOf("=");
    const column = at === -1 ? "" : value.slice(0, at).trim();
    if (at === -1 || column === "") throw new Error(`--default: expected column=value, got "${value}"`);
    if (!isColumn(column)) throw new Error(`--default ${value}: expected one of our columns (${ourColumns}), got "${column}"`);
    defaults[column] = value.slice(at + 1).trim();
  }
  for (const value of flags.status) {
    const [word, status] = pair("--status", value, '"Word=status"');
    if (!isStatus(status)) throw new Error(`--status ${value}: expected ${feedStatusNames.join(", ")}, got "${status}"`);
    statuses[word] = status;
  }
  return { columns, defaults, statuses };
}
