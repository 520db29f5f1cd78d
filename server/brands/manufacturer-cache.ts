import { dealerApiGet, type DealerApiConfig } from "~/server/bookings/dealer-api-client";
import type { Logger } from "~/server/lib/logger";
import { parseManufacturer, type ManufacturerData } from "./manufacturer-data";

/** Manufacturer data changes with a model year, so it is refreshed daily; a failure is retried after 5 minutes. */
export const MANUFACTURER_REFRESH_MS = 24 * 3_600_000;
export const MANUFACTURER_RETRY_MS = 5 * 60_000;

export type ManufacturerQuery = { config: DealerApiConfig; manufacturer: string; websiteId: number; log: Logger };

export type ManufacturerCache = { get(query: ManufacturerQuery): Promise<ManufacturerData | null>; clear(): void };

type Entry = { at: number; data: ManufacturerData | null; pending: Promise<ManufacturerData | null> | null };

/** spec 000 §7: `GET {api}/manufacturers/{manufacturer}.json?website_id={websiteId}`. */
export function manufacturerPath(manufacturer: string, websiteId: number): string {
  return `/manufacturers/${encodeURIComponent(manufacturer)}.json?website_id=${websiteId}`;
}

/**
 * One per process (services.ts). A stale answer is served while a refresh runs, and kept when the refresh
 * fails: a brand page never waits for the daily refresh nor loses its range to a dealer-platform outage.
 */
export function createManufacturerCache(
  options: { fetch?: typeof fetch; env?: Readonly<Record<string, string | undefined>> } = {},
): ManufacturerCache {
  const entries = new Map<string, Entry>();
  const load = (query: ManufacturerQuery) =>
    dealerApiGet(query.config, manufacturerPath(query.manufacturer, query.websiteId), parseManufacturer, "manufacturer data", {
      log: query.log,
      fetch: options.fetch,
      env: options.env,
    });
  return {
    async get(query) {
      const key = `${query.config.base_url}\u0000${query.websiteId}\u0000${query.manufacturer}`;
      const entry = entries.get(key);
      const maxAge = entry?.data ? MANUFACTURER_REFRESH_MS : MANUFACTURER_RETRY_MS;
      if (entry && Date.now() - entry.at < maxAge) return entry.data;
      if (entry?.pending) return entry.data ?? entry.pending;
      const next: Entry = { at: entry?.at ?? 0, data: entry?.data ?? null, pending: null };
      next.pending = load(query).then((data) => {
        entries.set(key, { at: Date.now(), data: data ?? next.data, pending: null });
        return data ?? next.data;
      });
      entries.set(key, next);
      return next.data ?? next.pending;
    },
    clear() {
      entries.clear();
    },
  };
}
