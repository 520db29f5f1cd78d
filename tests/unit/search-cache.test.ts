import { describe, expect, it } from "vitest";
import { SearchResultsCache, searchCacheKey } from "~/server/search/cache";

function clock(start = 0) {
  let time = start;
  return { now: () => time, advance: (ms: number) => (time += ms) };
}

describe("SearchResultsCache", () => {
  it("returns what was stored under the same key", () => {
    const cache = new SearchResultsCache<string>();
    cache.set("a", "results a");
    expect(cache.get("a")).toBe("results a");
    expect(cache.get("b")).toBeUndefined();
  });

  it("evicts the oldest entry when full (spec 000 §4)", () => {
    const cache = new SearchResultsCache<number>({ maxEntries: 3 });
    cache.set("first", 1);
    cache.set("second", 2);
    cache.set("third", 3);
    cache.get("first"); // reading does not make an entry younger
    cache.set("fourth", 4);
    expect(cache.get("first")).toBeUndefined();
    expect([cache.get("second"), cache.get("third"), cache.get("fourth")]).toEqual([2, 3, 4]);
    expect(cache.size).toBe(3);
  });

  it("treats a re-stored key as the newest", () => {
    const cache = new SearchResultsCache<number>({ maxEntries: 2 });
    cache.set("a", 1);
    cache.set("b", 2);
    cache.set("a", 10);
    cache.set("c", 3);
    expect(cache.get("b")).toBeUndefined();
    expect(cache.get("a")).toBe(10);
  });

  it("misses and forgets entries older than the TTL", () => {
    const time = clock();
    const cache = new SearchResultsCache<number>({ ttlMs: 30_000, now: time.now });
    cache.set("a", 1);
    time.advance(29_999);
    expect(cache.get("a")).toBe(1);
    time.advance(1);
    expect(cache.get("a")).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it("holds 500 entries by default", () => {
    const cache = new SearchResultsCache<number>();
    for (let i = 0; i <= 500; i++) cache.set(String(i), i);
    expect(cache.size).toBe(500);
    expect(cache.get("0")).toBeUndefined();
    expect(cache.get("500")).toBe(500);
  });

  it("can be emptied, and refuses a size below one", () => {
    const cache = new SearchResultsCache<number>();
    cache.set("a", 1);
    cache.delete("a");
    cache.set("b", 2);
    cache.clear();
    expect(cache.size).toBe(0);
    expect(() => new SearchResultsCache({ maxEntries: 0 })).toThrow("maxEntries");
  });
});

describe("searchCacheKey", () => {
  it("differs by tenant, backend and any part of the queries", () => {
    const query = { indexUid: "stock", filter: ["make = Toyota"], limit: 21 };
    const key = searchCacheKey("harbourside", "embedded", [query]);
    expect(searchCacheKey("harbourside", "embedded", [{ ...query }])).toBe(key);
    expect(searchCacheKey("lakeside-auto", "embedded", [query])).not.toBe(key);
    expect(searchCacheKey("harbourside", "meilisearch", [query])).not.toBe(key);
    expect(searchCacheKey("harbourside", "embedded", [{ ...query, offset: 21 }])).not.toBe(key);
  });
});
