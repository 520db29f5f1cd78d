import { createHash, createHmac } from "node:crypto";
import { SEARCH_SUFFIX_COOKIE } from "~/server/search/search-cookie";
import type { Site } from "~/server/tenants/schema";
import { CONSENT_COOKIE, isPersonalRequest, rawCookieValue } from "~/server/visitor/personal";

/**
 * What a shared cache (CDN, Varnish) may keep of a document (docs/decisions.md, "Shared cache").
 * Public pages are the ones every visitor sees alike: home, search, vehicle and content pages.
 */
const PUBLIC_ROUTES = new Set([
  "routes/_index",
  "routes/search._index",
  "routes/search.$",
  "routes/$base.$slug",
  "routes/$page",
  "routes/pages.$page",
]);
const VEHICLE_ROUTE = "routes/$base.$slug";

/**
 * Seconds a shared cache serves a public page as fresh, then (stale-while-revalidate) while it fetches
 * the next one: 4 s, plus the 1 s every instance takes to see new stock (STOCK_POLL_MS), so a stock
 * change shows through the cache within 5 s.
 */
export const SHARED_MAX_AGE_SECONDS = 1;
export const STALE_WHILE_REVALIDATE_SECONDS = 3;

export const PUBLIC_CACHE_CONTROL = `public, max-age=0, s-maxage=${SHARED_MAX_AGE_SECONDS}, stale-while-revalidate=${STALE_WHILE_REVALIDATE_SECONDS}`;
export const PRIVATE_CACHE_CONTROL = "private, no-cache";

export type DocumentFacts = {
  /** RequestContext.cacheable: a GET or HEAD without personal cookies. */
  cacheable: boolean;
  status: number;
  /** The leaf route's id. */
  routeId: string | undefined;
  site: Pick<Site, "experiments">;
};

/**
 * True when the document may be kept by a shared cache. A site running a split test shows each
 * visitor their own variant on vehicle pages (server/experiments/), so those stay private there.
 */
export function isPublicDocument({ cacheable, status, routeId, site }: DocumentFacts): boolean {
  if (!cacheable || status !== 200 || routeId === undefined || !PUBLIC_ROUTES.has(routeId)) return false;
  return !(routeId === VEHICLE_ROUTE && site.experiments.length > 0);
}

export type CacheableRequest = {
  method: string;
  /** The URL path, and the request target as sent (path and query). */
  path: string;
  url: string;
  /** `scheme://host[:port]` the edge resolved (a trusted proxy's forwarded host included). */
  origin: string;
  cookie: string | undefined;
};

/**
 * The key under which a shared cache keeps the answer to a request, or null when the request must go to
 * the server: the rules of deploy/varnish.vcl and docs/operations.md ("Put a shared cache (CDN or
 * Varnish) in front"), which the server's own cache (server/http/page-cache.ts) follows too. Only GET:
 * Remix answers HEAD without a body, which is nothing to keep.
 */
export function sharedCacheKey({ method, path, url, origin, cookie }: CacheableRequest): string | null {
  if (method !== "GET" || isPersonalRequest(cookie)) return null;
  // A search page may redirect a visitor to their own last search (spec 000 §2 stored suffix).
  if (path.startsWith("/search") && rawCookieValue(cookie, SEARCH_SUFFIX_COOKIE) !== undefined) return null;
  return `${origin}${url}\u0000${rawCookieValue(cookie, CONSENT_COOKIE) ?? ""}`;
}

/**
 * Whether the server's own cache may keep an answer: a 200 with the public pages' policy above (whose
 * s-maxage it honours) that sets no cookie. A cache in front keeps any `public` answer (deploy/varnish.vcl).
 */
export function isSharedPage(status: number, headers: Headers): boolean {
  return status === 200 && headers.get("cache-control") === PUBLIC_CACHE_CONTROL && headers.getSetCookie().length === 0;
}

/** A strong validator of the exact bytes sent (before compression, which adds its own Vary). */
export function strongEtag(body: Uint8Array): string {
  return `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
}

/** RFC 9110 §13.1.2 If-None-Match: a list of entity tags or `*`; weak ones compare weakly for GET. */
export function matchesIfNoneMatch(header: string | null, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  return header.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}

/** An hour: the document nonce of a URL changes at least this often. */
const NONCE_PERIOD_MS = 60 * 60 * 1000;

/**
 * The CSP nonce of a document a shared cache may keep: the same for every visitor of that URL within
 * the hour, so cached copies stay byte-identical, yet unguessable without the site's secret. A page
 * that reflects its URL cannot be made to carry a matching nonce: the nonce depends on the very URL
 * an injected script tag would have to be part of.
 */
export function documentNonce(secret: string, host: string, url: string, now: number): string {
  const period = Math.floor(now / NONCE_PERIOD_MS);
  return createHmac("sha256", secret).update(`${period}\u0000${host}\u0000${url}`).digest("base64").slice(0, 24);
}
