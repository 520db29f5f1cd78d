import { describe, expect, it } from "vitest";
import { DIGEST_LOCAL_HOUR, digestDedupeKey, digestDueDay, localDayAndHour, newForDigest } from "~/server/garage/search-digest-rules";

// The saved search's opted-in daily email.

describe("which cars are new for the daily email", () => {
  const hits = [
    { id: 3, created_at_timestamp: 3_000 },
    { id: 2, created_at_timestamp: 2_000 },
    { id: 1, created_at_timestamp: 1_000 },
  ];

  it("lists the cars listed after the last email, in the search's order", () => {
    expect(newForDigest(hits, 1_500).map((hit) => hit.id)).toEqual([3, 2]);
  });

  it("a car listed at the very moment of the last email is not new again", () => {
    expect(newForDigest(hits, 2_000).map((hit) => hit.id)).toEqual([3]);
    expect(newForDigest(hits, 3_000)).toEqual([]);
  });
});

describe("when a tenant's digest is due", () => {
  const sydney = "Australia/Sydney";
  // 2026-11-23 20:30 UTC is 2026-11-24 07:30 in Sydney (AEDT, UTC+11).
  const sydneySevenThirty = Date.UTC(2026, 10, 23, 20, 30);

  it("reads the day and hour in the tenant's zone", () => {
    expect(localDayAndHour(sydneySevenThirty, sydney)).toEqual({ day: "2026-11-24", hour: 7 });
    expect(localDayAndHour(sydneySevenThirty, "America/Chicago")).toEqual({ day: "2026-11-23", hour: 14 });
  });

  it("is due once the local clock reaches the hour, once per local day", () => {
    expect(DIGEST_LOCAL_HOUR).toBe(7);
    expect(digestDueDay(sydneySevenThirty, sydney, null)).toBe("2026-11-24");
    expect(digestDueDay(sydneySevenThirty, sydney, "2026-11-23")).toBe("2026-11-24");
    expect(digestDueDay(sydneySevenThirty, sydney, "2026-11-24")).toBeNull();
  });

  it("is not due before the hour, even on a day not run yet", () => {
    const sixFiftyNine = Date.UTC(2026, 10, 23, 19, 59);
    expect(digestDueDay(sixFiftyNine, sydney, "2026-11-23")).toBeNull();
  });

  it("a process started later in the day still runs that day's digest", () => {
    const evening = Date.UTC(2026, 10, 24, 9, 0); // 20:00 in Sydney
    expect(digestDueDay(evening, sydney, "2026-11-23")).toBe("2026-11-24");
  });

  it("one key per search per local day", () => {
    expect(digestDedupeKey("harbourside", 5, "2026-11-24")).toBe("harbourside|search|5|2026-11-24");
    expect(digestDedupeKey("harbourside", 5, "2026-11-25")).not.toBe(digestDedupeKey("harbourside", 5, "2026-11-24"));
  });
});
