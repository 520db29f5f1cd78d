import { describe, expect, it } from "vitest";
import { dateTimeFormat } from "~/server/lib/date-time-format";

describe("date formats built once", () => {
  it("gives the same formatter for the same locale and options, another for other options, and formats as Intl does", () => {
    const weekday = dateTimeFormat("en-US", { weekday: "short", timeZone: "Australia/Sydney" });
    expect(dateTimeFormat("en-US", { weekday: "short", timeZone: "Australia/Sydney" })).toBe(weekday);
    expect(dateTimeFormat("en-US", { weekday: "short", timeZone: "Pacific/Auckland" })).not.toBe(weekday);
    expect(dateTimeFormat("en-AU", { weekday: "short", timeZone: "Australia/Sydney" })).not.toBe(weekday);
    // 2026-11-27 23:30 UTC is already Saturday in Sydney.
    const instant = Date.UTC(2026, 10, 27, 23, 30);
    expect(weekday.format(instant)).toBe("Sat");
    expect(dateTimeFormat("en-US", { weekday: "short", timeZone: "UTC" }).format(instant)).toBe("Fri");
  });
});
