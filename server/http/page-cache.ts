import { SHARED_MAX_AGE_SECONDS } from "./cache-policy";
import { encodeWhole, type WholeEncoding } from "./whole-body-encoding";

/**
 * The process's own shared cache of public pages (docs/decisions.md, "Security and caching"). An
 * anonymous page is the same for every visitor and a shared cache may keep it for s-maxage; this one
 * keeps it in memory for exactly that long, under the key a cache in front uses (sharedCacheKey), so a
 * dealer without Varnish or a CDN gets repeat views at the cost of a lookup instead of a render. Each
 * compressed form is made once per page, not once per view. A new stock index for a site drops that
 * site's pages at once (SearchService.onStockReplaced, wired in server/http/app.ts), so stock shows no later than without this cache.
 */
export type CachedPage = {
  /** The answer's own headers (Content-Type, ETag, Cache-Control, CSP …), never Set-Cookie. */
  headers: ReadonlyArray<readonly [string, string]>;
  etag: string;
  body: Buffer;
  storedAt: number;
};

export type PageCache = {
  /** The page under `key` while it is fresh (younger than s-maxage), else undefined. */
  get(key: string, now: number): CachedPage | undefined;
  /**
   * Holds a page rendered from the site's stock as it was at `generation` (taken before the render);
   * a page whose stock was replaced meanwhile is not held.
   */
  put(key: string, tenant: string, page: CachedPage, generation: number): void;
  /** How many times the site's pages were dropped: read before a render, handed to put. */
  generation(tenant: string): number;
  /** The page's body in `encoding`, compressed on the first request that asks for it. */
  encoded(page: CachedPage, encoding: WholeEncoding): Buffer;
  /** Forget every page of one site (its stock changed). */
  dropTenant(tenant: string): void;
  /** Pages and bytes held (metrics, tests). */
  size(): { pages: number; bytes: number };
};

type Entry = { key: string; tenant: string; page: CachedPage; encodings: Partial<Record<WholeEncoding, Buffer>>; bytes: number };

const FRESH_MS = SHARED_MAX_AGE_SECONDS * 1000;

/**
 * `maxBytes` 0 keeps nothing (PAGE_CACHE_MB=0). Beyond it the oldest pages go first; as every page
 * expires within a second, the bound only matters for a burst over many URLs.
 */
export function createPageCache(maxBytes: number): PageCache {
  const entries = new Map<string, Entry>();
  const owners = new WeakMap<CachedPage, Entry>();
  const generations = new Map<string, number>();
  let bytes = 0;

  const remove = (key: string, entry: Entry) => {
    entries.delete(key);
    bytes -= entry.bytes;
  };

  return {
    get(key, now) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (now - entry.page.storedAt >= FRESH_MS || now < entry.page.storedAt) {
        remove(key, entry);
        return undefined;
      }
      return entry.page;
    },
    put(key, tenant, page, generation) {
      if (maxBytes <= 0 || page.body.byteLength > maxBytes || generation !== (generations.get(tenant) ?? 0)) return;
      const previous = entries.get(key);
      if (previous) remove(key, previous);
      const entry: Entry = { key, tenant, page, encodings: {}, bytes: page.body.byteLength };
      entries.set(key, entry);
      owners.set(page, entry);
      bytes += entry.bytes;
      for (const [oldestKey, oldest] of entries) {
        if (bytes <= maxBytes) break;
        remove(oldestKey, oldest);
      }
    },
    encoded(page, encoding) {
      const entry = owners.get(page);
      const done = entry?.encodings[encoding];
      if (done) return done;
      const body = encodeWhole(page.body, encoding);
      // Counted against the bound only while the page is still held.
      if (entry && entries.get(entry.key) === entry) {
        entry.encodings[encoding] = body;
        entry.bytes += body.byteLength;
        bytes += body.byteLength;
      }
      return body;
    },
    dropTenant(tenant) {
      generations.set(tenant, (generations.get(tenant) ?? 0) + 1);
      for (const [key, entry] of entries) if (entry.tenant === tenant) remove(key, entry);
    },
    generation: (tenant) => generations.get(tenant) ?? 0,
    size: () => ({ pages: entries.size, bytes }),
  };
}
