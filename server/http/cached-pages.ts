import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";
import { isSharedPage, matchesIfNoneMatch, sharedCacheKey } from "./cache-policy";
import type { PageCacheOutcome } from "~/server/metrics/metrics";
import type { CachedPage, PageCache } from "./page-cache";
import { sendWholeBody } from "./remix-adapter";

/** Headers the sender sets itself for each request (length and coding per Accept-Encoding), not kept. */
const SENDER_HEADERS = new Set(["content-length", "content-encoding", "vary", "set-cookie"]);

export type CachedPagesOptions = {
  cache: PageCache;
  /** The site's slug and origin the edge resolved for this request (undefined: not a site's request). */
  site: (res: ExpressResponse) => { slug: string; origin: string } | undefined;
  /** Told of each page answered from memory (hit) and each one rendered and kept (stored). */
  observe?: (outcome: PageCacheOutcome) => void;
  now?: () => number;
};

/**
 * The process's shared cache at the edge (server/http/page-cache.ts): `serve` answers a request a shared
 * cache may answer from a fresh page held, with its ETag (304 on If-None-Match) and Age; otherwise it
 * marks the request's key so `keep` holds the answer when the server makes it a public one.
 */
export function cachedPages({ cache, site, observe, now = Date.now }: CachedPagesOptions) {
  const keys = new WeakMap<ExpressResponse, { key: string; slug: string; generation: number }>();

  function serve(req: ExpressRequest, res: ExpressResponse, next: NextFunction): void {
    const target = site(res);
    if (!target) return next();
    const key = sharedCacheKey({
      method: req.method,
      path: req.path,
      url: req.originalUrl,
      origin: target.origin,
      cookie: req.headers.cookie,
    });
    if (key === null) return next();
    const at = now();
    const page = cache.get(key, at);
    if (!page) {
      keys.set(res, { key, slug: target.slug, generation: cache.generation(target.slug) });
      return next();
    }
    observe?.("hit");
    sendCachedPage(req, res, page, at, cache);
  }

  function keep(res: ExpressResponse, response: Response): ((body: Buffer) => void) | undefined {
    const marked = keys.get(res);
    const etag = response.headers.get("etag");
    if (!marked || !etag || !isSharedPage(response.status, response.headers)) return undefined;
    const headers: Array<[string, string]> = [];
    for (const [name, value] of response.headers) if (!SENDER_HEADERS.has(name)) headers.push([name, value]);
    return (body) => {
      cache.put(marked.key, marked.slug, { headers, etag, body, storedAt: now() }, marked.generation);
      observe?.("stored");
    };
  }

  return { serve, keep };
}

function sendCachedPage(req: ExpressRequest, res: ExpressResponse, page: CachedPage, at: number, cache: PageCache): void {
  for (const [name, value] of page.headers) res.setHeader(name, value);
  // Whole seconds held here, so a cache in front counts them against s-maxage (RFC 9111 §5.1).
  res.setHeader("Age", String(Math.floor((at - page.storedAt) / 1000)));
  if (matchesIfNoneMatch(req.headers["if-none-match"] ?? null, page.etag)) {
    res.vary("Accept-Encoding");
    res.status(304).end();
    return;
  }
  res.status(200);
  sendWholeBody(res, page.body, (encoding) => cache.encoded(page, encoding));
}
