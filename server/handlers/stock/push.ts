import { timingSafeEqual, createHash } from "node:crypto";
import { json, type AppLoadContext } from "@remix-run/node";
import { readLimitedBytes } from "~/server/handlers/shared/body";
import type { FeedFormat } from "~/server/stock-feed/read-feed";
import type { Tenant } from "~/server/tenants/load";

// Plain one-line answers a dealer's integration can log.
export const PUSH_MESSAGES = {
  methodNotAllowed: "Use PUT to send stock.",
  unauthorized: "A valid stock token is required (Authorization: Bearer <token>).",
  forbidden: "That token is for another site.",
  notFound: "No such site.",
  tooLarge: (limit: number) => `The stock feed is larger than ${Math.round(limit / 1024 / 1024)} MB.`,
  unsupported: "Send the feed as JSON (application/json), CSV (text/csv) or Google's vehicle ads XML (application/xml).",
} as const;

function answer(body: unknown, status: number, headers: Record<string, string> = {}): Response {
  return json(body, { status, headers: { "Cache-Control": "no-store", ...headers } });
}

/** Compared as digests so the time taken says nothing about the token (constant time, any length). */
function sameToken(given: string, expected: string): boolean {
  const digest = (value: string) => createHash("sha256").update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

function tokenOf(tenant: Tenant): string | null {
  const name = tenant.site.stock_push?.token_env;
  const value = name ? process.env[name] : undefined;
  return value && value.length > 0 ? value : null;
}

function formatOf(contentType: string | null): FeedFormat | null {
  const type = (contentType ?? "").split(";")[0].trim().toLowerCase();
  if (type === "application/json") return "json";
  // Which CSV (a dealer's, Google's or Meta's) the header row tells (read-feed.ts).
  if (type === "text/csv" || type === "application/csv" || type === "text/tab-separated-values") return "csv";
  if (type === "application/xml" || type === "text/xml" || type === "application/rss+xml" || type === "application/atom+xml")
    return "google-xml";
  return null;
}

/**
 * PUT /api/stock/<slug>: the dealer's feed, pushed. 401 without the site's token,
 * 403 with another site's, 413 over STOCK_FEED_MAX_BYTES, 415 for another body type, 422 when the
 * feed is refused (nothing changed), else 200 with the import report. `?force=1` passes the
 * refusal rules, `?partial=1` marks nothing sold.
 */
export async function pushStock(request: Request, slug: string, context: AppLoadContext): Promise<Response> {
  if (request.method !== "PUT") return answer({ error: PUSH_MESSAGES.methodNotAllowed }, 405, { Allow: "PUT" });
  const { tenant, services } = context;
  const header = request.headers.get("authorization") ?? "";
  const given = header.startsWith("Bearer ") ? header.slice("Bearer ".length).trim() : "";
  const own = tokenOf(tenant);
  if (!given || !own) return answer({ error: PUSH_MESSAGES.unauthorized }, 401, { "WWW-Authenticate": "Bearer" });
  if (slug !== tenant.slug) {
    // Another site's slug on this host: say "forbidden" only to a holder of a real token.
    const owner = services.tenants.tenants.find((candidate) => candidate.slug === slug);
    const ownerToken = owner ? tokenOf(owner) : null;
    if (sameToken(given, own) || (ownerToken && sameToken(given, ownerToken))) return answer({ error: PUSH_MESSAGES.forbidden }, 403);
    return answer({ error: PUSH_MESSAGES.unauthorized }, 401, { "WWW-Authenticate": "Bearer" });
  }
  if (!sameToken(given, own)) {
    const holdsAnother = services.tenants.tenants.some(
      (other) => other.slug !== tenant.slug && tokenOf(other) !== null && sameToken(given, tokenOf(other) ?? ""),
    );
    return holdsAnother
      ? answer({ error: PUSH_MESSAGES.forbidden }, 403)
      : answer({ error: PUSH_MESSAGES.unauthorized }, 401, { "WWW-Authenticate": "Bearer" });
  }
  const format = formatOf(request.headers.get("content-type"));
  if (!format) return answer({ error: PUSH_MESSAGES.unsupported }, 415);
  const limit = services.env.STOCK_FEED_MAX_BYTES;
  const bytes = await readLimitedBytes(request, limit);
  if (!bytes) return answer({ error: PUSH_MESSAGES.tooLarge(limit) }, 413);
  const url = new URL(request.url);
  const report = await services.importStock(
    tenant,
    { bytes, format },
    { source: "push", mode: url.searchParams.get("partial") === "1" ? "partial" : "full", force: url.searchParams.get("force") === "1" },
  );
  context.log.info({ outcome: report.outcome, refusal: report.refusal, counts: report.counts }, "stock pushed");
  return answer(report, report.outcome === "refused" ? 422 : 200);
}
