import { z } from "~/server/lib/zod";
import { failureMessage, readOkBody } from "~/server/lib/response-handler";
import type { Site } from "~/server/tenants/schema";

/**
 * spec 000 §7 / 001 §7: `GET {dashboard}/api/v1/websites/{id}/website_session_data.json`, Accept JSON, the
 * staging host when the staging flag is set. The response is not shown in the spec; ours is the site
 * notice the dealer sets in the dashboard (docs/decisions.md, "Home, content pages and layout"):
 *
 *   { "notice": { "text": "Closed Monday 26 January for Australia Day.", "url": "/contact", "ends_at": "2027-01-27T00:00:00+11:00" } }
 *
 * `notice` null or absent: no notice. Other keys are ignored.
 */

/** Not in the spec: the call sits in front of a page the first time, so it is short. */
export const SESSION_DATA_TIMEOUT_MS = 1_000;
export const NOTICE_MAX_LENGTH = 200;

/** A path on the site itself or an https address; never `javascript:` or a protocol-relative `//host`. */
const noticeUrl = z
  .string()
  .trim()
  .max(500)
  .refine(
    (url) => (url.startsWith("/") && !url.startsWith("//")) || /^https:\/\/[^\s/]+/.test(url),
    "expected a site path or an https URL",
  );

const noticeSchema = z.object({
  text: z.string().trim().min(1).max(NOTICE_MAX_LENGTH),
  url: noticeUrl.nullable().default(null),
  ends_at: z.iso.datetime({ offset: true }).nullable().default(null),
});

const sessionDataSchema = z.object({ notice: noticeSchema.nullable().default(null) });

export type SiteNotice = z.infer<typeof noticeSchema>;
export type SessionData = z.infer<typeof sessionDataSchema>;

/** A failed call: the generic response handler's message (spec 000 §8) and the HTTP status, 0 for no answer. */
export class DashboardError extends Error {
  override name = "DashboardError";
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** The call's address for this site, or null when the site names no dashboard. */
export function sessionDataUrl(site: Pick<Site, "id" | "dashboard">): string | null {
  const { dashboard } = site;
  if (!dashboard) return null;
  const base = dashboard.staging && dashboard.staging_base_url ? dashboard.staging_base_url : dashboard.base_url;
  return `${base.replace(/\/+$/, "")}/api/v1/websites/${site.id}/website_session_data.json`;
}

export type SessionDataFetchOptions = { fetch?: typeof fetch; timeoutMs?: number };

/** One call; throws DashboardError on a non-OK answer, a timeout, no answer or an answer of another shape. */
export async function fetchSessionData(url: string, options: SessionDataFetchOptions = {}): Promise<SessionData> {
  let response: Response;
  try {
    response = await (options.fetch ?? fetch)(url, {
      headers: { Accept: "application/json" },
      signal: AbortSignal.timeout(options.timeoutMs ?? SESSION_DATA_TIMEOUT_MS),
    });
  } catch (error) {
    const timedOut = error instanceof Error && error.name === "TimeoutError";
    throw new DashboardError(timedOut ? "website_session_data timed out" : "website_session_data unreachable", 0);
  }
  if (!response.ok) throw new DashboardError(await failureMessage(response), response.status);
  const body = await readOkBody(response);
  const parsed = body.kind === "json" ? sessionDataSchema.safeParse(body.value) : null;
  if (!parsed?.success) throw new DashboardError("website_session_data answered in an unknown shape", response.status);
  return parsed.data;
}

/** The notice while it lasts: a cached answer may outlive its `ends_at`. */
export function activeNotice(data: SessionData | null, now: number): SiteNotice | null {
  const notice = data?.notice ?? null;
  if (!notice) return null;
  return notice.ends_at === null || Date.parse(notice.ends_at) > now ? notice : null;
}
