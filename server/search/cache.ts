import type { SearchQuery } from "./types";

export type SearchResultsCacheOptions = {
  /** spec 000 §4: when the cache is full the oldest entry is evicted. */
  maxEntries?: number;
  /** Entries older than this are misses, so stock and sold-window changes show up. */
  ttlMs?: number;
  now?: () => number;
};

export const defaultCacheEntries = 500;
export const defaultCacheTtlMs = 30_000;

/** Search results by query (spec 000 §4 "results are cached by query"), oldest evicted first. */
export class SearchResultsCache<T> {
  private readonly entries = new Map<string, { value: T; storedAt: number }>();
  private readonly maxEntries: number;
  private readonly ttlMs: number;
  private readonly now: () => number;

  constructor(options: SearchResultsCacheOptions = {}) {
    this.maxEntries = options.maxEntries ?? defaultCacheEntries;
    this.ttlMs = options.ttlMs ?? defaultCacheTtlMs;
    this.now = options.now ?? Date.now;
    if (!Number.isInteger(this.maxEntries) || this.maxEntries < 1)
      throw new Error(`cache maxEntries: expected a positive integer, got ${this.maxEntries}`);
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: string): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (this.now() - entry.storedAt >= this.ttlMs) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: string, value: T): void {
    // Re-storing a key makes it the newest; a Map iterates in insertion order, so the first key is the oldest.
    this.entries.delete(key);
    while (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.entries.delete(oldest.value);
    }
    this.entries.set(key, { value, storedAt: this.now() });
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }
}

/** One key per tenant, backend and query list: the JSON of the queries as sent. */
export function searchCacheKey(tenantSlug: string, backend: string, queries: SearchQuery[]): string {
  return JSON.stringify([tenantSlug, backend, queries]);
}
