/**
 * Query strings in log lines: a shopper may type an email address or a phone number into a search
 * box or a URL, and a log is no place for it. Parameters on this list (paging, sorting, facets,
 * campaign tags, Remix's own) keep their values; every other value is logged as `[redacted]`, the
 * name kept so an operator still sees the shape of the request.
 */
const KEPT = new Set([
  "_data",
  "index",
  "page",
  "sort",
  "sortBy",
  "sort_by",
  "tab",
  "view",
  "w",
  "width",
  "category",
  "make",
  "model",
  "body_type",
  "condition",
  "session_id",
]);
const KEPT_PREFIXES = ["refinementList[", "range[", "utm_"];

export const REDACTED = "[redacted]";

function kept(name: string): boolean {
  return KEPT.has(name) || KEPT_PREFIXES.some((prefix) => name.startsWith(prefix));
}

/** `?email=a@b.c&page=2` → `?email=[redacted]&page=2`; "" stays "". */
export function redactQuery(search: string): string {
  const raw = search.startsWith("?") ? search.slice(1) : search;
  if (raw === "") return "";
  const parts = raw.split("&").map((pair) => {
    const equals = pair.indexOf("=");
    const rawName = equals === -1 ? pair : pair.slice(0, equals);
    let name: string;
    try {
      name = decodeURIComponent(rawName.replace(/\+/g, " "));
    } catch {
      name = rawName;
    }
    if (equals === -1) return rawName;
    return `${rawName}=${kept(name) ? pair.slice(equals + 1) : REDACTED}`;
  });
  return `?${parts.join("&")}`;
}

/** A URL for a log line: path and redacted query (no host; the line names the tenant). */
export function urlForLog(url: string): string {
  try {
    const parsed = new URL(url, "http://localhost");
    return parsed.pathname + redactQuery(parsed.search);
  } catch {
    return REDACTED;
  }
}
