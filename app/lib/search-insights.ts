/**
 * Search insights (spec 001 §8/§9): clicks on and conversions from search results, with a user token
 * kept 180 days in a cookie. They go to our own event log (/api/events), never to a third-party script;
 * the sender is loaded on demand, and a failed load gives the spec's message.
 */
import { EVENT_IDS } from "~/server/events/event-ids";

/** spec 001 §8, word for word. */
export const INSIGHTS_LOAD_ERROR = "could not load search-insights.js. Please load it manually";

/** spec 001 §9: the insights user token cookie lasts 180 days (15552000000 ms). */
export const INSIGHTS_TOKEN_MAX_AGE_MS = 15_552_000_000;
/** Cookie name "not shown" in the spec: ours. */
export const INSIGHTS_TOKEN_COOKIE = "fc_insights_token";

const TOKEN_PATTERN = /^anonymous-[A-Za-z0-9-]{8,64}$/;

/** The token in a `document.cookie` string, or null when absent or not one of ours. */
export function readUserToken(cookieString: string): string | null {
  for (const part of cookieString.split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name !== INSIGHTS_TOKEN_COOKIE) continue;
    const value = decodeURIComponent(rest.join("="));
    return TOKEN_PATTERN.test(value) ? value : null;
  }
  return null;
}

/** The `document.cookie` assignment that keeps the token 180 days (Max-Age is in seconds). */
export function userTokenCookie(token: string, secure: boolean): string {
  const maxAgeSeconds = INSIGHTS_TOKEN_MAX_AGE_MS / 1000;
  return `${INSIGHTS_TOKEN_COOKIE}=${encodeURIComponent(token)}; Max-Age=${maxAgeSeconds}; Path=/; SameSite=Lax${secure ? "; Secure" : ""}`;
}

export function newUserToken(random: () => string): string {
  return `anonymous-${random()}`;
}

/** The visitor's token: the cookie's, or a new one written to the cookie (renewed either way). */
export function ensureUserToken(doc: { cookie: string }, secure: boolean, random: () => string): string {
  const token = readUserToken(doc.cookie) ?? newUserToken(random);
  doc.cookie = userTokenCookie(token, secure);
  return token;
}

export type InsightKind = "click" | "conversion";

export type Insight = { kind: InsightKind; objectId: string; position?: number; queryId?: string };

/** What the loaded sender does with one insight (a beacon to /api/events in the browser). */
export type SendInsightEvent = (
  eventId: number,
  properties: Record<string, string | number | boolean | null>,
) => boolean | Promise<boolean>;

/** The properties one insight carries in the event log, under the search event id. */
export function insightEvent(insight: Insight, userToken: string) {
  return {
    eventId: EVENT_IDS.search,
    properties: {
      insight: insight.kind,
      object_id: insight.objectId.slice(0, 300),
      position: insight.position ?? null,
      query_id: insight.queryId?.slice(0, 300) ?? null,
      user_token: userToken,
    },
  };
}

/**
 * Loads the sender once; a failed load rejects with the spec's message (and the next call tries again).
 * `load` is the dynamic import of the sender in the browser, injected so tests can fail it.
 */
export function createInsights(load: () => Promise<SendInsightEvent>, userToken: () => string) {
  let sender: Promise<SendInsightEvent> | null = null;
  const loadSender = () => {
    sender ??= load().catch(() => {
      sender = null;
      throw new Error(INSIGHTS_LOAD_ERROR);
    });
    return sender;
  };
  return {
    /** Loads the sender ahead of the first insight: a click that leaves the page has no time to wait for it. */
    preload(): void {
      loadSender().catch(() => undefined);
    },
    async send(insight: Insight): Promise<boolean> {
      const send = await loadSender();
      const { eventId, properties } = insightEvent(insight, userToken());
      return send(eventId, properties);
    },
  };
}
