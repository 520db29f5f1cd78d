import { describe, expect, it } from "vitest";
import { todaysHoursText, weekdayIn } from "~/server/content/todays-hours";
import { siteTimeZone } from "~/server/tenants/time-zone";
import type { OpeningHour } from "~/server/tenants/schema";

// spec 001 §9: the 4x4 site's hours — Sunday closed, Monday to Friday 8:30am-5:00pm, Saturday 9:00am-12:00pm.
const hours: OpeningHour[] = [
  { weekday: 0, status: "Closed", formated_hours: "", open: null, close: null },
  ...[1, 2, 3, 4, 5].map((weekday) => ({
    weekday,
    status: "Open" as const,
    formated_hours: "8:30am-5:00pm",
    open: "08:30",
    close: "17:00",
  })),
  { weekday: 6, status: "Open", formated_hours: "9:00am-12:00pm", open: "09:00", close: "12:00" },
];

describe("today's hours on the home page", () => {
  it("reads the day where the dealer is, not on the server", () => {
    // Sunday 23:30 UTC is already Monday in Brisbane (UTC+10).
    const now = Date.UTC(2026, 10, 22, 23, 30);
    expect(weekdayIn(now, "UTC")).toBe(0);
    expect(weekdayIn(now, siteTimeZone({ state: "QLD", locale: "en-AU" }))).toBe(1);
    expect(siteTimeZone({ state: "WI", locale: "en-US" })).toBe("America/Chicago");
    expect(siteTimeZone({ state: "Auckland", locale: "en-NZ" })).toBe("Pacific/Auckland");
  });

  it("says the day's hours, or that it is closed", () => {
    expect(todaysHoursText(hours, 1)).toBe("Open today 8:30am-5:00pm");
    expect(todaysHoursText(hours, 6)).toBe("Open today 9:00am-12:00pm");
    expect(todaysHoursText(hours, 0)).toBe("Closed today");
    expect(todaysHoursText([], 3)).toBeNull();
  });
});
