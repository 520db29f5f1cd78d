import type { Tenant } from "~/server/tenants/load";
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

function normalisedPath(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
}

// Written the way the spec writes search URLs: brackets and colons stay readable.
const writeKey = (key: string) => encodeURIComponent(key).replace(/%5B/g, "[").replace(/%5D/g, "]");
const writeValue = (value: string) => encodeURIComponent(value).replace(/%3A/g, ":").replace(/%2C/g, ",");

/** The query a visit is remembered by: as visited, without the page number or an empty q. */
function rememberedQuery(url: URL): string {
  const parts: string[] = [];
  for (const [key, value] of url.searchParams) {
    if (key === "page" || (key === "q" && value.trim() === "")) continue;
    parts.push(`${writeKey(key)}=${writeValue(value)}`);
  }
  return parts.join("&");
}

/** True when `query` narrows the search at `pathname` at all (nonsense parameters don't). */
function queryChangesSearch(pathname: string, query: string, base: URL, tenant: Tenant): boolean {
  const bare = parseSearchUrl(new URL(pathname, base), tenant);
  const withQuery = parseSearchUrl(new URL(`${pathname}?${query}`, base), tenant);
  if (!bare.ok || !withQuery.ok) return false;
  return searchUrl(withPage(withQuery.state, 1), tenant) !== searchUrl(withPage(bare.state, 1), tenant);
}

/**
 * The cookie value after visiting `url`: its query becomes the most recent entry for the path
 * visited, or the entry goes when the search has no query left.
 */
export function rememberSearchSuffix(value: unknown, url: URL, tenant: Tenant): StoredSuffixes {
  const stored = readStoredSuffixes(value);
  if (!parseSearchUrl(url, tenant).ok) return stored;
  const path = normalisedPath(url.pathname);
  const query = rememberedQuery(url);
  const next: StoredSuffixes = stored.filter(([storedPath]) => storedPath !== path);
  if (query !== "" && query.length <= maxQueryLength && queryChangesSearch(path, query, url, tenant)) next.push([path, query]);
  while (next.length > maxPaths || JSON.stringify(next).length > maxStoredLength) next.shift();
  return next;
}

/**
 * The suffixes to store after this search, or null when they are what the cookie already holds: an
 * unchanged cookie is neither re-signed nor re-sent, so a plain search page carries no Set-Cookie and
 * a shared cache may keep it.
 */
export function changedSearchSuffixes(value: unknown, url: URL, tenant: Tenant): StoredSuffixes | null {
  const next = rememberSearchSuffix(value, url, tenant);
  return JSON.stringify(next) === JSON.stringify(readStoredSuffixes(value)) ? null : next;
}

/** Where to redirect a search address without a query string, or null to render it. */
export function redirectForStoredSuffix(url: URL, value: unknown, tenant: Tenant): string | null {
  if (url.search !== "") return null;
  const path = normalisedPath(url.pathname);
  const entry = readStoredSuffixes(value).find(([storedPath]) => storedPath === path);
  if (!entry) return null;
  // Only a query that still means something is followed (sort values and makes may have changed).
  return queryChangesSearch(path, entry[1], url, tenant) ? `${url.pathname}?${entry[1]}` : null;
}

/**
 * A link within the search page. A link with no query string would bring the stored suffix back
 * (unticking the last filter could never stick), so it carries an empty q.
 */
export function searchLinkHref(state: SearchState, tenant: Tenant): string {
  const href = searchUrl(state, tenant);
  return href.includes("?") ? href : `${href}?q=`;
}

/**
 * A browser prefetch (the price landing prefetches its results) is not a visit, so it must not
 * become the stored suffix: Chromium sends Sec-Purpose or Purpose "prefetch", Firefox X-Moz.
 */
export function isPrefetch(headers: Headers): boolean {
  return [headers.get("sec-purpose"), headers.get("purpose"), headers.get("x-moz")].some(
    (value) => value?.toLowerCase().startsWith("prefetch") ?? false,
  );
}
