import type { NextFunction, Request, Response } from "express";

/** The plain answer to a post from another site's page. Ours; the spec has none. */
export const CROSS_SITE_MESSAGE = "Forms on this site can only be sent from this site.";

/** What a request's headers say about the page that sent it. */
export type RequestSource = {
  /** Sec-Fetch-Site, sent by current browsers. */
  secFetchSite: string | null;
  origin: string | null;
  /** The host (and port) the request was addressed to: X-Forwarded-Host behind a trusted proxy, else Host. */
  host: string;
};

/**
 * "same-origin": the tenant's own page sent it. "cross-site": another site's page (or an Origin that
 * is `null` or not a web address at all). "unknown": neither header says; a browser without
 * JavaScript or fetch metadata, or a program.
 */
export type SourceVerdict = "same-origin" | "cross-site" | "unknown";

function originHost(origin: string): string | null {
  try {
    const url = new URL(origin);
    return url.protocol === "http:" || url.protocol === "https:" ? url.host : null;
  } catch {
    return null;
  }
}

/**
 * The Origin's host and port must be the request's own, as Remix's own check for document posts
 * compares them (server-runtime throwIfPotentialCSRFAttack): one rule, so no post passes here and
 * then fails there with a 500.
 */
export function judgeSource(source: RequestSource): SourceVerdict {
  if (source.secFetchSite?.toLowerCase() === "cross-site") return "cross-site";
  if (source.origin === null) return "unknown";
  const from = originHost(source.origin);
  return from !== null && from.toLowerCase() === source.host.toLowerCase() ? "same-origin" : "cross-site";
}

/** Methods that change nothing; every other one is refused from another site. */
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function refusesCrossSite(method: string, source: RequestSource): boolean {
  return !SAFE_METHODS.has(method.toUpperCase()) && judgeSource(source) === "cross-site";
}

/** The source of a Fetch API request (a route's `request`): its URL's host is the proxy-aware one. */
export function sourceOfRequest(request: globalThis.Request): RequestSource {
  return { secFetchSite: request.headers.get("sec-fetch-site"), origin: request.headers.get("origin"), host: new URL(request.url).host };
}

/**
 * Every form action, `?_data=` request and JSON call that is not a GET answers 403 with
 * a short plain message when another site's page sent it; posts without an Origin (no-JS browsers)
 * pass.
 */
export function crossSiteGuard() {
  return (req: Request, res: Response, next: NextFunction): void => {
    const forwarded = req.app.enabled("trust proxy") ? req.get("x-forwarded-host")?.split(",")[0]?.trim() : undefined;
    const source: RequestSource = {
      secFetchSite: req.get("sec-fetch-site") ?? null,
      origin: req.get("origin") ?? null,
      host: forwarded || (req.get("host") ?? ""),
    };
    if (!refusesCrossSite(req.method, source)) {
      next();
      return;
    }
    res.status(403).set("Cache-Control", "no-store");
    if (req.path.startsWith("/api/") || req.path.startsWith("/mock/")) res.json({ error: CROSS_SITE_MESSAGE });
    else res.type("text/plain").send(CROSS_SITE_MESSAGE);
  };
}
