import { z } from "~/server/lib/zod";
import { dateTimeFormat } from "~/server/lib/date-time-format";

/** Which dealer-platform call: test-drive appointments or service bookings (spec 000 §7). */
export type BookingKind = "appointment" | "service";

/**
 * The response shape we agreed for both slot calls (docs/operations.md, "Booking slots").
 * Entries that do not parse are dropped one by one; a body without a `slots` array is junk.
 */
export const slotResponseSchema = z.object({
  dealership_id: z.number().int().optional(),
  time_zone: z.string().optional(),
  slots: z.array(z.unknown()),
});

const slotEntrySchema = z.object({
  starts_at: z.string().max(40),
  duration_minutes: z
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .optional(),
});

/** One bookable time: its instant and, as the form value, that instant in canonical UTC ISO form. */
export type Slot = { value: string; startsAt: number; durationMinutes: number | null };

// ISO 8601 with an explicit offset or Z: a time without one would be read in the server's zone.
const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/** Show at most this many days and times; a dealer calendar can list weeks. */
export const MAX_SLOT_DAYS = 7;
export const MAX_SLOTS = 60;

/** The instant a slot value names, or null when it is not one of ours (canonical UTC ISO). */
export function slotInstant(value: string): number | null {
  if (!ISO_WITH_OFFSET.test(value)) return null;
  const ms = Date.parse(value);
  return Number.isFinite(ms) ? ms : null;
}

/** The slots of one response: well-formed, in the future (spec: slots in the past are dropped), sorted, no duplicates. */
export function parseSlots(body: unknown, now: number): { slots: Slot[]; timeZone: string | null } | null {
  // A bare list is the slots without the envelope (a calendar with nothing free answers `[]`): an answer, not junk,
  // so it is not retried.
  const parsed = slotResponseSchema.safeParse(Array.isArray(body) ? { slots: body } : body);
  if (!parsed.success) return null;
  const seen = new Set<number>();
  const slots: Slot[] = [];
  for (const entry of parsed.data.slots) {
    const slot = slotEntrySchema.safeParse(entry);
    if (!slot.success) continue;
    const startsAt = slotInstant(slot.data.starts_at);
    if (startsAt === null || startsAt <= now || seen.has(startsAt)) continue;
    seen.add(startsAt);
    slots.push({ value: new Date(startsAt).toISOString(), startsAt, durationMinutes: slot.data.duration_minutes ?? null });
  }
  slots.sort((a, b) => a.startsAt - b.startsAt);
  return { slots, timeZone: parsed.data.time_zone ?? null };
}

export type SlotDay = { key: string; label: string; times: { value: string; label: string }[] };

function dayKey(ms: number, timeZone: string): string {
  // en-CA formats as YYYY-MM-DD: a sortable key for the calendar day in the dealership's zone.
  return dateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(ms);
}

export function dayLabel(ms: number, timeZone: string, locale: string): string {
  return dateTimeFormat(locale, { timeZone, weekday: "long", day: "numeric", month: "long" }).format(ms);
}

export function timeLabel(ms: number, timeZone: string, locale: string): string {
  return dateTimeFormat(locale, { timeZone, hour: "numeric", minute: "2-digit", hour12: true }).format(ms);
}

/** The next slots grouped by the dealership's calendar day: day, then time. */
export function groupSlotsByDay(slots: readonly Slot[], timeZone: string, locale: string, now: number): SlotDay[] {
  const days: SlotDay[] = [];
  for (const slot of slots) {
    if (slot.startsAt <= now) continue;
    const key = dayKey(slot.startsAt, timeZone);
    let day = days.at(-1);
    if (!day || day.key !== key) {
      if (days.length === MAX_SLOT_DAYS) break;
      day = { key, label: dayLabel(slot.startsAt, timeZone, locale), times: [] };
      days.push(day);
    }
    day.times.push({ value: slot.value, label: timeLabel(slot.startsAt, timeZone, locale) });
    if (days.reduce((n, d) => n + d.times.length, 0) === MAX_SLOTS) break;
  }
  return days;
}

/** How a chosen slot reads in the lead, the ADF comments and the emails: '{day} {year}, {time} ({zone})'. */
export function appointmentText(ms: number, timeZone: string, locale: string): string {
  const year = dateTimeFormat(locale, { timeZone, year: "numeric" }).format(ms);
  return `${dayLabel(ms, timeZone, locale)} ${year}, ${timeLabel(ms, timeZone, locale)} (${timeZone})`;
}
