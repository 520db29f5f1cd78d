import type { Logger } from "~/server/lib/logger";
import type { Site } from "~/server/tenants/schema";
import { fetchSessionData, sessionDataUrl, type SessionData, type SessionDataFetchOptions } from "./session-data";

/**
 * The answer is the same for every visitor of a site (the address names only the website), so it is
 * fetched per site, not per visitor: at most once per 5 minutes, and again 1 minute after a failure.
 */
export const SESSION_DATA_REFRESH_MS = 5 * 60_000;
export const SESSION_DATA_RETRY_MS = 60_000;

export type SessionDataCache = {
  /** The site's session data, or null (no dashboard, or never answered); never throws. */
  get(site: Pick<Site, "id" | "dashboard">, log: Logger): Promise<SessionData | null>;
  clear(): void;
};

type Entry = { at: number; ok: boolean; data: SessionData | null; pending: Promise<SessionData | null> | null };

/**
 * One per process (services.ts). Only a site's first page waits for the call, and at most its timeout;
 * after that a stale answer is served while a refresh runs, and kept when the refresh fails. A failure is
 * logged and otherwise ignored: the page shows what it had, or no notice.
 */
export function createSessionDataCache(options: SessionDataFetchOptions & { now?: () => number } = {}): SessionDataCache {
  const entries = new Map<string, Entry>();
  const now = options.now ?? Date.now;
  return {
    async get(site, log) {
      const url = sessionDataUrl(site);
      if (!url) return null;
      const entry = entries.get(url);
      const maxAge = entry?.ok ? SESSION_DATA_REFRESH_MS : SESSION_DATA_RETRY_MS;
      if (entry && now() - entry.at < maxAge) return entry.data;
      if (entry?.pending) return entry.at > 0 ? entry.data : entry.pending;
      const next: Entry = { at: entry?.at ?? 0, ok: entry?.ok ?? false, data: entry?.data ?? null, pending: null };
      next.pending = fetchSessionData(url, options).then(
        (data) => {
          entries.set(url, { at: now(), ok: true, data, pending: null });
          return data;
        },
        (error: unknown) => {
          log.warn({ err: error, url }, "website_session_data unavailable");
          entries.set(url, { at: now(), ok: false, data: next.data, pending: null });
          return next.data;
        },
      );
      entries.set(url, next);
      return next.at > 0 ? next.data : next.pending;
    },
    clear() {
      entries.clear();
    },
  };
}
