import type { OpeningHour } from "~/server/tenants/schema";
import { dateTimeFormat } from "~/server/lib/date-time-format";

const weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

/** spec 001 §3 weekday numbering (0 = Sunday) of the moment in the time zone. */
export function weekdayIn(now: number, timeZone: string): number {
  const short = dateTimeFormat("en-US", { weekday: "short", timeZone }).format(new Date(now));
  return Math.max(0, weekdays.indexOf(short));
}

/** 'Open today 8:30am-5:30pm', 'Closed today', or null when the location lists no hours for the day. */
export function todaysHoursText(hours: readonly OpeningHour[], weekday: number): string | null {
  const entry = hours.find((hour) => hour.weekday === weekday);
  if (!entry) return null;
  return entry.status === "Closed" ? "Closed today" : `Open today ${entry.formated_hours}`;
}
