import { dateTimeFormat } from "~/server/lib/date-time-format";
/**
 * The opted-in daily email of a saved search. Pure rules: which cars are new for the
 * email, when a tenant's daily run is due, and the key that makes one email per search per day.
 */

/** The local hour (0–23) at which a tenant's digest goes out (a number of our own, docs/decisions.md). */
export const DIGEST_LOCAL_HOUR = 7;

/**
 * The cars listed since the search's last email (or since the opt-in, so opting in does not mail the
 * whole backlog), newest first as the search lists them.
 */
export function newForDigest<T extends { created_at_timestamp: number }>(hits: readonly T[], since: number): T[] {
  return hits.filter((hit) => hit.created_at_timestamp > since);
}

/** The date and hour at the dealer: `YYYY-MM-DD` and 0–23 in the tenant's zone. */
export function localDayAndHour(now: number, timeZone: string): { day: string; hour: number } {
  const parts = dateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    hourCycle: "h23",
  }).formatToParts(new Date(now));
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? "";
  return { day: `${get("year")}-${get("month")}-${get("day")}`, hour: Number(get("hour")) };
}

/**
 * The local day whose digest is due now, or null: once the tenant's clock has reached the digest hour
 * and that day has not been run yet. A process that starts after the hour still runs that day's digest.
 */
export function digestDueDay(now: number, timeZone: string, lastRunDay: string | null, hour = DIGEST_LOCAL_HOUR): string | null {
  const local = localDayAndHour(now, timeZone);
  if (local.hour < hour) return null;
  return local.day === lastRunDay ? null : local.day;
}

/** One email per saved search per local day: two instances (or a CLI run and the timer) send it once. */
export function digestDedupeKey(tenant: string, searchId: number, day: string): string {
  return `${tenant}|search|${searchId}|${day}`;
}
