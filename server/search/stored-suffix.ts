import type { Tenant } from "../tenants/load";
import type { SearchState } from "./state";
import { withPage } from "./transitions";
import { parseSearchUrl, searchUrl } from "./url";

/**
 * spec 000 §2: "If the address has no query string and a stored search query suffix exists, the page
 * redirects to the same address with that suffix." The suffixes live in a cookie as [path, query]
 * pairs, oldest first; the route does the cookie I/O.
 */
export type StoredSuffixes = Array<[path: string, query: string]>;

// A cookie holds about 4 KB; the value is base64-encoded JSON (4/3 larger) plus a signature.
const maxPaths = 20;
const maxQueryLength = 1000;
const maxStoredLength = 2400;

const isPair = (entry: unknown): entry is [string, string] =>
  Array.isArray(entry) &&
  entry.length === 2 &&
  typeof entry[0] === "string" &&
  entry[0].startsWith("/search/") &&
  typeof entry[1] === "string" &&
  entry[1] !== "" &&
  entry[1].length <= maxQueryLength;

/** The stored suffixes in a cookie value; anything malformed is dropped. */
export function readStoredSuffixes(value: unknown): StoredSuffixes {
  return Array.isArray(value) ? value.filter(isPair).slice(-maxPaths) : [];
}

/** The canonical path and query a URL is remembered under; the page number is not remembered. */
function canonicalParts(state: SearchState, tenant: Tenant): { path: string; query: string } {
  const written = searchUrl(withPage(state, 1), tenant);
  const mark = written.indexOf("?");
  return mark === -1 ? { path: written, query: "" } : { path: written.slice(0, mark), query: written.slice(mark + 1) };
}

/**
 * The cookie value after visiting `url`: its canonical query becomes the most recent entry for its
 * path, or the entry goes when the search has no query left.
 */
export function rememberSearchSuffix(value: unknown, url: URL, tenant: Tenant): StoredSuffixes {
  const stored = readStoredSuffixes(value);
  const parsed = parseSearchUrl(url, tenant);
  if (!parsed.ok) return stored;
  const { path, query } = canonicalParts(parsed.state, tenant);
  const next: StoredSuffixes = stored.filter(([storedPath]) => storedPath !== path);
  if (query !== "" && query.length <= maxQueryLength) next.push([path, query]);
  while (next.length > maxPaths || JSON.stringify(next).length > maxStoredLength) next.shift();
  return next;
}

/** Where to redirect a search address without a query string, or null to render it. */
export function redirectForStoredSuffix(url: URL, value: unknown, tenant: Tenant): string | null {
  if (url.search !== "") return null;
  const parsed = parseSearchUrl(url, tenant);
  if (!parsed.ok) return null;
  const entry = readStoredSuffixes(value).find(([path]) => path === parsed.state.path);
  if (!entry) return null;
  const target = `${url.pathname}?${entry[1]}`;
  // Only a query that still reads back to itself is followed (sort values and makes may have changed).
  const reread = parseSearchUrl(new URL(target, url), tenant);
  if (!reread.ok) return null;
  const { path, query } = canonicalParts(reread.state, tenant);
  return path === parsed.state.path && query === entry[1] ? target : null;
}

/**
 * A link within the search page. A link with no query string would bring the stored suffix back
 * (unticking the last filter could never stick), so it carries an empty q.
 */
export function searchLinkHref(state: SearchState, tenant: Tenant): string {
  const href = searchUrl(state, tenant);
  return href.includes("?") ? href : `${href}?q=`;
}
