import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { PUBLIC_CACHE_CONTROL, isSharedPage, sharedCacheKey, type CacheableRequest } from "~/server/http/cache-policy";
import { createPageCache, type CachedPage } from "~/server/http/page-cache";

const page = (body: string, storedAt: number): CachedPage => ({
  headers: [["content-type", "text/html; charset=utf-8"]],
  etag: '"e"',
  body: Buffer.from(body),
  storedAt,
});

const anonymous: CacheableRequest = {
  method: "GET",
  path: "/search/used-cars",
  url: "/search/used-cars?sort=price-asc",
  origin: "https://harbourside.example.com.au",
  cookie: undefined,
};

describe("the key a shared cache keeps a page under", () => {
  it("is the origin, the URL as sent and the consent answer", () => {
    const key = sharedCacheKey(anonymous);
    expect(key).toBe(sharedCacheKey({ ...anonymous, cookie: "fc_visitor=abc" }));
    expect(key).not.toBe(sharedCacheKey({ ...anonymous, url: "/search/used-cars" }));
    expect(key).not.toBe(sharedCacheKey({ ...anonymous, origin: "https://southern-used.example.com.au" }));
    expect(key).not.toBe(sharedCacheKey({ ...anonymous, origin: "http://harbourside.example.com.au" }));
    const accepted = sharedCacheKey({ ...anonymous, cookie: "fc_consent=accepted.sig" });
    const rejected = sharedCacheKey({ ...anonymous, cookie: "fc_visitor=x; fc_consent=rejected.sig" });
    expect(new Set([key, accepted, rejected]).size).toBe(3);
  });

  it("sends a POST, a HEAD, saved cars, a garage session and a remembered search to the server", () => {
    expect(sharedCacheKey({ ...anonymous, method: "POST" })).toBeNull();
    expect(sharedCacheKey({ ...anonymous, method: "HEAD" })).toBeNull();
    expect(sharedCacheKey({ ...anonymous, cookie: "fc_visitor=a; fc_personal=1" })).toBeNull();
    expect(sharedCacheKey({ ...anonymous, cookie: "fc_garage=t" })).toBeNull();
    expect(sharedCacheKey({ ...anonymous, cookie: "fc_search=s" })).toBeNull();
    // The stored search matters on search pages only (the browser sends it there only).
    expect(sharedCacheKey({ ...anonymous, path: "/about-us", url: "/about-us", cookie: "fc_search=s" })).not.toBeNull();
  });

  it("keeps only a 200 with the public pages' policy and no cookie", () => {
    const headers = (init: Record<string, string>, cookie?: string) => {
      const h = new Headers(init);
      if (cookie) h.append("set-cookie", cookie);
      return h;
    };
    expect(isSharedPage(200, headers({ "cache-control": PUBLIC_CACHE_CONTROL }))).toBe(true);
    expect(isSharedPage(304, headers({ "cache-control": PUBLIC_CACHE_CONTROL }))).toBe(false);
    expect(isSharedPage(200, headers({ "cache-control": PUBLIC_CACHE_CONTROL }, "fc_visitor=a"))).toBe(false);
    expect(isSharedPage(200, headers({ "cache-control": "private, no-cache" }))).toBe(false);
    // A feed's longer public policy is for caches in front, not this one.
    expect(isSharedPage(200, headers({ "cache-control": "public, max-age=900" }))).toBe(false);
  });
});

describe("the server's own page cache", () => {
  it("serves a page for one second after it was stored, then not", () => {
    const cache = createPageCache(1024 * 1024);
    cache.put("k", "harbourside", page("<p>one</p>", 10_000), 0);
    expect(cache.get("k", 10_000)?.body.toString()).toBe("<p>one</p>");
    expect(cache.get("k", 10_999)?.body.toString()).toBe("<p>one</p>");
    expect(cache.get("k", 11_000)).toBeUndefined();
    expect(cache.size()).toEqual({ pages: 0, bytes: 0 });
  });

  it("forgets one site's pages when its stock changes, and no other site's", () => {
    const cache = createPageCache(1024 * 1024);
    cache.put("a1", "harbourside", page("a1", 0), 0);
    cache.put("a2", "harbourside", page("a2", 0), 0);
    cache.put("b1", "southern-used", page("b1", 0), 0);
    cache.dropTenant("harbourside");
    expect(cache.get("a1", 1)).toBeUndefined();
    expect(cache.get("a2", 1)).toBeUndefined();
    expect(cache.get("b1", 1)?.body.toString()).toBe("b1");
  });

  it("does not hold a page rendered from stock that was replaced while it rendered", () => {
    const cache = createPageCache(1024 * 1024);
    const before = cache.generation("harbourside");
    cache.dropTenant("harbourside");
    cache.put("old", "harbourside", page("old stock", 0), before);
    expect(cache.get("old", 1)).toBeUndefined();
    cache.put("new", "harbourside", page("new stock", 0), cache.generation("harbourside"));
    expect(cache.get("new", 1)?.body.toString()).toBe("new stock");
    // Another site's renders are not held back.
    cache.put("other", "southern-used", page("theirs", 0), cache.generation("southern-used"));
    expect(cache.get("other", 1)).toBeDefined();
  });

  it("stays within its bytes, the oldest pages going first, and keeps nothing at 0", () => {
    const cache = createPageCache(25);
    cache.put("1", "t", page("x".repeat(10), 0), 0);
    cache.put("2", "t", page("y".repeat(10), 0), 0);
    cache.put("3", "t", page("z".repeat(10), 0), 0);
    expect(cache.get("1", 1)).toBeUndefined();
    expect(cache.get("3", 1)).toBeDefined();
    expect(cache.size().bytes).toBeLessThanOrEqual(25);
    const off = createPageCache(0);
    off.put("1", "t", page("x", 0), 0);
    expect(off.get("1", 0)).toBeUndefined();
  });

  it("compresses a page once per coding, each decoding to the page", () => {
    const cache = createPageCache(1024 * 1024);
    const html = "<main>" + "<p>a car</p>".repeat(500) + "</main>";
    const stored = page(html, 0);
    cache.put("k", "t", stored, 0);
    const br = cache.encoded(stored, "br");
    expect(cache.encoded(stored, "br")).toBe(br);
    expect(brotliDecompressSync(br).toString()).toBe(html);
    expect(gunzipSync(cache.encoded(stored, "gzip")).toString()).toBe(html);
    expect(cache.size().bytes).toBeGreaterThan(html.length);
  });
});
