import type { Logger } from "~/server/lib/logger";
import { fetchSlots, type DealerApiConfig, type SlotsResult } from "./slot-api";
import type { BookingKind } from "./slots";

/** Slots are cached briefly per dealership; a failure is remembered for less, so a page never waits twice. */
export const SLOT_CACHE_TTL_MS = 30_000;
export const SLOT_FAILURE_TTL_MS = 10_000;

export type SlotQuery = {
  tenant: string;
  config: DealerApiConfig;
  dealershipId: number;
  kind: BookingKind;
  log: Logger;
  now: number;
  /** Skip the cache (the submit checks the slot is still free). */
  fresh?: boolean;
};

export type SlotCache = { get(query: SlotQuery): Promise<SlotsResult>; clear(): void };

type Entry = { at: number; result: Promise<SlotsResult> };

export type SlotCacheOptions = { fetch?: typeof fetch; env?: Readonly<Record<string, string | undefined>>; ttlMs?: number };

/** One per process (services.ts): concurrent page loads for one dealership share one call. */
export function createSlotCache(options: SlotCacheOptions = {}): SlotCache {
  const entries = new Map<string, Entry>();
  const ttl = options.ttlMs ?? SLOT_CACHE_TTL_MS;
  return {
    async get(query) {
      const key = `${query.tenant}\u0000${query.config.base_url}\u0000${query.dealershipId}\u0000${query.kind}`;
      const cached = entries.get(key);
      if (!query.fresh && cached) {
        const settled = await cached.result;
        const maxAge = settled.kind === "ok" ? ttl : Math.min(ttl, SLOT_FAILURE_TTL_MS);
        if (Date.now() - cached.at < maxAge) {
          // Slots that started since they were fetched are dropped here too.
          return settled.kind === "ok" ? { ...settled, slots: settled.slots.filter((slot) => slot.startsAt > query.now) } : settled;
        }
      }
      const result = fetchSlots(query.config, query.dealershipId, query.kind, {
        log: query.log,
        now: query.now,
        fetch: options.fetch,
        env: options.env,
      });
      entries.set(key, { at: Date.now(), result });
      if (entries.size > 1000) entries.delete(entries.keys().next().value ?? key);
      return result;
    },
    clear() {
      entries.clear();
    },
  };
}
