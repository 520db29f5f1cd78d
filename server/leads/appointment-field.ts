import { z } from "~/server/lib/zod";
import { BOOKING_MESSAGES } from "~/server/bookings/messages";
import { slotInstant, type SlotDay } from "~/server/bookings/slots";

/** The slot choice of the test-drive and service forms. */
export type AppointmentOptions = {
  /** The dealership's free slots by day; null when its calendar could not be read (the free date field stays). */
  days: SlotDay[] | null;
  now: number;
};

export const APPOINTMENT_FIELD = "appointment";

/** True when the form offers slots, so the free date field is not shown. */
export function offersSlots(options: AppointmentOptions | undefined): boolean {
  return Boolean(options?.days && options.days.length > 0);
}

/**
 * Optional like the test-drive date (spec 001 §5). With the calendar read, the value must be one of its free
 * slots, else 'taken' and the form shows the fresh list; with the calendar unreachable at submit, any future
 * slot the page offered is accepted (the dealer confirms).
 */
export function appointmentRule(options: AppointmentOptions): z.ZodType<string | undefined> {
  const free = options.days ? new Set(options.days.flatMap((day) => day.times.map((time) => time.value))) : null;
  return z
    .string()
    .max(40)
    .optional()
    .refine((value) => {
      if (value === undefined) return true;
      if (free) return free.has(value);
      const instant = slotInstant(value);
      return instant !== null && instant > options.now;
    }, BOOKING_MESSAGES.slotTaken);
}

/** The radio options, each with its day as group (rendered day, then time). */
export function appointmentOptions(options: AppointmentOptions): { value: string; label: string; group: string }[] {
  return (options.days ?? []).flatMap((day) => day.times.map((time) => ({ value: time.value, label: time.label, group: day.label })));
}
