import { describe, expect, it, vi } from "vitest";
import { appointmentText, groupSlotsByDay, parseSlots } from "~/server/bookings/slots";
import { dealerApiError, UNEXPECTED_ERROR_MESSAGE } from "~/server/bookings/response-error";
import { fetchSlots, slotApiPath } from "~/server/bookings/slot-api";
import { dealerApiUrl } from "~/server/bookings/dealer-api-client";
import { createSlotCache } from "~/server/bookings/slot-cache";
import { appointmentRule } from "~/server/leads/appointment-field";
import { BOOKING_MESSAGES } from "~/server/bookings/messages";
import { logger } from "~/server/lib/logger";

// Monday 23 November 2026, 09:00 UTC = 20:00 in Sydney (AEDT, +11:00).
const NOW = Date.parse("2026-11-23T09:00:00Z");
const config = {
  base_url: "http://dealer.test/api/",
  username_env: "DEALER_USER",
  password_env: "DEALER_PASS",
  appointment: true,
  service: true,
};
const env = { DEALER_USER: "dealer", DEALER_PASS: "secret" };
const log = logger.child({ test: "slots" });

describe("slot responses", () => {
  it("drops past, malformed and offset-less slots, keeps the rest in time order without duplicates", () => {
    const parsed = parseSlots(
      {
        time_zone: "Australia/Sydney",
        slots: [
          { starts_at: "2026-11-24T10:30:00+11:00", duration_minutes: 30 },
          { starts_at: "2026-11-24T09:00:00+11:00" },
          { starts_at: "2026-11-24T09:00:00+11:00" },
          { starts_at: "2026-11-23T10:00:00+11:00" },
          { starts_at: "2026-11-25T10:00:00" },
          { starts_at: 12 },
          "junk",
        ],
      },
      NOW,
    );
    expect(parsed?.slots.map((slot) => slot.value)).toEqual(["2026-11-23T22:00:00.000Z", "2026-11-23T23:30:00.000Z"]);
  });

  it("a bare list is the slots themselves: [] is an empty answer, not junk", () => {
    expect(parseSlots([], NOW)).toEqual({ slots: [], timeZone: null });
    expect(parseSlots([{ starts_at: "2026-11-24T10:30:00+11:00" }], NOW)?.slots.map((slot) => slot.value)).toEqual([
      "2026-11-23T23:30:00.000Z",
    ]);
  });

  it("a body without a slots list is junk", () => {
    expect(parseSlots({ bookings: "soon" }, NOW)).toBeNull();
    expect(parseSlots("<html>", NOW)).toBeNull();
  });

  it("groups by the dealership's calendar day, not UTC's, and labels times in its zone", () => {
    const parsed = parseSlots(
      {
        slots: [
          // 23:30 UTC on the 23rd is 10:30 am on Tuesday the 24th in Sydney, 7:30 am in Perth.
          { starts_at: "2026-11-23T23:30:00Z" },
          { starts_at: "2026-11-24T05:00:00Z" },
          { starts_at: "2026-11-24T22:00:00Z" },
        ],
      },
      NOW,
    );
    const sydney = groupSlotsByDay(parsed?.slots ?? [], "Australia/Sydney", "en-AU", NOW);
    expect(sydney.map((day) => [day.label, day.times.map((time) => time.label)])).toEqual([
      ["Tuesday 24 November", ["10:30 am", "4:00 pm"]],
      ["Wednesday 25 November", ["9:00 am"]],
    ]);
    const perth = groupSlotsByDay(parsed?.slots ?? [], "Australia/Perth", "en-AU", NOW);
    expect(perth.map((day) => [day.label, day.times.map((time) => time.label)])).toEqual([
      ["Tuesday 24 November", ["7:30 am", "1:00 pm"]],
      ["Wednesday 25 November", ["6:00 am"]],
    ]);
    expect(appointmentText(Date.parse("2026-11-23T23:30:00Z"), "Australia/Sydney", "en-AU")).toBe(
      "Tuesday 24 November 2026, 10:30 am (Australia/Sydney)",
    );
  });
});

describe("the submit's slot rule", () => {
  const days = [{ key: "2026-11-24", label: "Tuesday 24 November", times: [{ value: "2026-11-23T23:30:00.000Z", label: "10:30 am" }] }];
  it("a slot no longer free gets the message; no slot is fine", () => {
    const rule = appointmentRule({ days, now: NOW });
    expect(rule.safeParse("2026-11-23T23:30:00.000Z").success).toBe(true);
    expect(rule.safeParse(undefined).success).toBe(true);
    const taken = rule.safeParse("2026-11-24T00:00:00.000Z");
    expect(taken.success ? null : taken.error.issues[0]?.message).toBe(BOOKING_MESSAGES.slotTaken);
  });
  it("with the calendar unreachable at submit, a future slot is accepted and a past one is not", () => {
    const rule = appointmentRule({ days: null, now: NOW });
    expect(rule.safeParse("2026-11-23T23:30:00.000Z").success).toBe(true);
    expect(rule.safeParse("2026-11-22T23:30:00.000Z").success).toBe(false);
  });
});

describe("the generic response handler (spec 000 §8)", () => {
  it("uses the error field with the HTTP status", async () => {
    const error = await dealerApiError(new Response(JSON.stringify({ error: "Dealership not found" }), { status: 404 }));
    expect([error.message, error.status]).toEqual(["Dealership not found", 404]);
  });
  it("otherwise 'An unexpected error occurred' and ': ' plus the status text when present", async () => {
    expect((await dealerApiError(new Response("oops", { status: 502, statusText: "Bad Gateway" }))).message).toBe(
      "An unexpected error occurred: Bad Gateway",
    );
    expect((await dealerApiError(new Response("{}", { status: 500 }))).message).toBe(UNEXPECTED_ERROR_MESSAGE);
  });
});

describe("the slot client", () => {
  it("calls the spec's paths with basic authorisation", async () => {
    expect(dealerApiUrl(config, slotApiPath(1101, "appointment"))).toBe(
      "http://dealer.test/api/dealerships/1101/available_appointment_bookings.json",
    );
    expect(dealerApiUrl(config, slotApiPath(1101, "service"))).toBe(
      "http://dealer.test/api/dealerships/1101/available_service_bookings.json",
    );
    const fetchMock = vi.fn(async () => Response.json({ slots: [{ starts_at: "2026-11-24T10:30:00+11:00" }] }));
    const result = await fetchSlots(config, 1101, "appointment", { log, now: NOW, env, fetch: fetchMock });
    expect(result.kind).toBe("ok");
    const init = (fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect(new Headers(init.headers).get("authorization")).toBe(`Basic ${Buffer.from("dealer:secret").toString("base64")}`);
  });

  it("retries twice, then fails quietly", async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ error: "down" }), { status: 500 }));
    const result = await fetchSlots(config, 1101, "service", { log, now: NOW, env, fetch: fetchMock });
    expect(result.kind).toBe("failed");
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it("a failure on the second attempt is recovered by the retry", async () => {
    let calls = 0;
    const fetchMock = vi.fn(async () => (++calls === 1 ? Response.json({ nope: true }) : Response.json({ slots: [] })));
    expect((await fetchSlots(config, 1101, "service", { log, now: NOW, env, fetch: fetchMock })).kind).toBe("ok");
  });

  it("without credentials it does not call at all", async () => {
    const fetchMock = vi.fn(async () => Response.json({ slots: [] }));
    expect((await fetchSlots(config, 1101, "service", { log, now: NOW, env: {}, fetch: fetchMock })).kind).toBe("failed");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("is cached per dealership; fresh reads skip the cache", async () => {
    const fetchMock = vi.fn(async () => Response.json({ slots: [{ starts_at: "2026-11-24T10:30:00+11:00" }] }));
    const cache = createSlotCache({ fetch: fetchMock, env });
    const query = { tenant: "t", config, kind: "appointment" as const, log, now: NOW };
    await cache.get({ ...query, dealershipId: 1 });
    await cache.get({ ...query, dealershipId: 1 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await cache.get({ ...query, dealershipId: 2 });
    await cache.get({ ...query, dealershipId: 1, fresh: true });
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });
});
