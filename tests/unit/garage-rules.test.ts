import { describe, expect, it } from "vitest";
import { alertDedupeKey, alertFor, baselineOf } from "~/server/garage/alert-rules";
import { MAX_SAVED_CARS, mergeFavourites, parseCarId, toggleDecision, type SavedEntry } from "~/server/garage/favourites";
import { GARAGE_MESSAGES } from "~/server/garage/messages";
import { savedMarker } from "~/server/garage/saved-car-view";
import { SESSION_TTL_MS, hashSessionToken, isSessionTokenShaped, newSessionToken, sessionIsValid } from "~/server/garage/session-rules";
import {
  CODE_MAX_ATTEMPTS,
  CODE_TTL_MS,
  checkSignInCode,
  hashSignInCode,
  isCodeShaped,
  newSignInCode,
  normaliseEmail,
} from "~/server/garage/sign-in-code";
import { readUnsubscribeToken, unsubscribeToken } from "~/server/garage/unsubscribe-token";

const SECRET = "unit-secret-0123456789";

describe("favourites", () => {
  it("toggles, never duplicates, and refuses the 101st car", () => {
    expect(toggleDecision([1, 2], 3, "add")).toEqual({ kind: "add" });
    expect(toggleDecision([1, 2], 2, "add")).toEqual({ kind: "unchanged" });
    expect(toggleDecision([1, 2], 2, "remove")).toEqual({ kind: "remove" });
    expect(toggleDecision([1], 2, "remove")).toEqual({ kind: "unchanged" });
    const full = Array.from({ length: MAX_SAVED_CARS }, (_, i) => i + 1);
    expect(MAX_SAVED_CARS).toBe(100);
    expect(toggleDecision(full, 101, "add")).toEqual({ kind: "full" });
    expect(toggleDecision(full, 100, "remove")).toEqual({ kind: "remove" });
    expect(GARAGE_MESSAGES.favouritesFull).toContain("up to 100 cars");
  });

  it("merges the visitor's cars into the account at sign-in: no duplicates, newest first, up to 100", () => {
    const entry = (vehicleId: number, savedAt: number): SavedEntry => ({ vehicleId, savedAt, savedPrice: 1000 });
    expect(mergeFavourites([entry(1, 10)], [entry(1, 20), entry(2, 5), entry(3, 30)]).map((e) => e.vehicleId)).toEqual([3, 2]);
    const account = Array.from({ length: 99 }, (_, i) => entry(1000 + i, i));
    expect(mergeFavourites(account, [entry(1, 1), entry(2, 2)]).map((e) => e.vehicleId)).toEqual([2]);
    expect(mergeFavourites([...account, entry(5, 1)], [entry(2, 2)])).toEqual([]);
  });

  it("reads car ids strictly", () => {
    expect(parseCarId("101000001")).toBe(101000001);
    for (const bad of ["", "0", "-1", "1.5", "1e3", "abc", "99999999999999999", null]) expect(parseCarId(bad)).toBeNull();
  });
});

describe("sign-in codes (6 digits, 10 minutes, 5 attempts, single use)", () => {
  const hash = (code: string) => hashSignInCode(SECRET, "harbourside", "jo@example.com", code);
  const stored = (over: Partial<Parameters<typeof checkSignInCode>[0] & object> = {}) => ({
    code_hash: hash("123456"),
    attempts: 0,
    expires_at: 1_000 + CODE_TTL_MS,
    used_at: null,
    ...over,
  });

  it("are 6 digits", () => {
    for (let i = 0; i < 50; i += 1) expect(newSignInCode()).toMatch(/^[0-9]{6}$/);
    expect(isCodeShaped("012345")).toBe(true);
    expect(isCodeShaped("12345")).toBe(false);
    expect(isCodeShaped("12345a")).toBe(false);
  });

  it("accept the right code within 10 minutes only", () => {
    expect(CODE_TTL_MS).toBe(600_000);
    expect(checkSignInCode(stored(), hash("123456"), 1_000 + CODE_TTL_MS - 1)).toEqual({ kind: "ok" });
    expect(checkSignInCode(stored(), hash("123456"), 1_000 + CODE_TTL_MS)).toEqual({ kind: "expired" });
  });

  it("count wrong attempts and stop after 5", () => {
    expect(CODE_MAX_ATTEMPTS).toBe(5);
    expect(checkSignInCode(stored(), hash("000000"), 2_000)).toEqual({ kind: "wrong", attemptsLeft: 4 });
    expect(checkSignInCode(stored({ attempts: 4 }), hash("000000"), 2_000)).toEqual({ kind: "wrong", attemptsLeft: 0 });
    expect(checkSignInCode(stored({ attempts: 5 }), hash("123456"), 2_000)).toEqual({ kind: "used_up" });
    expect(GARAGE_MESSAGES.codeWrong(4)).toBe("That code is not right. 4 attempts left.");
  });

  it("work once", () => {
    expect(checkSignInCode(stored({ used_at: 1_500 }), hash("123456"), 2_000)).toEqual({ kind: "used_up" });
    expect(checkSignInCode(null, hash("123456"), 2_000)).toEqual({ kind: "no_code" });
  });

  it("are bound to the site and the email", () => {
    expect(hashSignInCode(SECRET, "lakeside-auto", "jo@example.com", "123456")).not.toBe(hash("123456"));
    expect(hashSignInCode(SECRET, "harbourside", "al@example.com", "123456")).not.toBe(hash("123456"));
  });

  it("normalise emails", () => {
    expect(normaliseEmail("  Jo@Example.COM ")).toBe("jo@example.com");
    expect(normaliseEmail("not an email")).toBeNull();
    expect(normaliseEmail(undefined)).toBeNull();
  });
});

describe("sessions (30 days, opaque, hashed at rest)", () => {
  it("last 30 days on their own site", () => {
    expect(SESSION_TTL_MS).toBe(30 * 24 * 60 * 60 * 1000);
    expect(sessionIsValid({ tenant: "harbourside", expires_at: 100 }, "harbourside", 99)).toBe(true);
    expect(sessionIsValid({ tenant: "harbourside", expires_at: 100 }, "harbourside", 100)).toBe(false);
    expect(sessionIsValid({ tenant: "harbourside", expires_at: 100 }, "lakeside-auto", 1)).toBe(false);
    expect(sessionIsValid(null, "harbourside", 1)).toBe(false);
  });

  it("are random tokens whose hash alone is stored", () => {
    const token = newSessionToken();
    expect(isSessionTokenShaped(token)).toBe(true);
    expect(newSessionToken()).not.toBe(token);
    expect(hashSessionToken(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashSessionToken(token)).not.toContain(token);
    expect(isSessionTokenShaped(`${token}x`)).toBe(false);
  });
});

describe("price-drop and sold detection", () => {
  const car = (price: number | null, status: "in_stock" | "sold" = "in_stock") => ({ price, status, sold: status === "sold" });

  it("alerts on a price below the last one seen, and on a newly sold car", () => {
    expect(alertFor({ alert_price: 30_000, alert_status: "in_stock" }, car(28_500))).toBe("price_drop");
    expect(alertFor({ alert_price: 30_000, alert_status: "in_stock" }, car(30_000))).toBeNull();
    expect(alertFor({ alert_price: 30_000, alert_status: "in_stock" }, car(31_000))).toBeNull();
    expect(alertFor({ alert_price: 30_000, alert_status: "in_stock" }, car(28_500, "sold"))).toBe("sold");
    expect(alertFor({ alert_price: 30_000, alert_status: "sold" }, car(28_500, "sold"))).toBeNull();
    expect(alertFor({ alert_price: null, alert_status: "in_stock" }, car(28_500))).toBeNull();
    expect(alertFor({ alert_price: 30_000, alert_status: "in_stock" }, null)).toBeNull();
  });

  it("after an alert the baseline moves, so the same drop never alerts twice", () => {
    const baseline = baselineOf(car(28_500));
    expect(alertFor(baseline, car(28_500))).toBeNull();
    expect(alertFor(baseline, car(27_000))).toBe("price_drop");
  });

  it("dedupes per account, car, kind and price", () => {
    const a = alertDedupeKey("harbourside", "u1", 7, "price_drop", 28_500);
    expect(alertDedupeKey("harbourside", "u1", 7, "price_drop", 28_500)).toBe(a);
    expect(alertDedupeKey("harbourside", "u1", 7, "price_drop", 27_000)).not.toBe(a);
    expect(alertDedupeKey("harbourside", "u2", 7, "price_drop", 28_500)).not.toBe(a);
    expect(alertDedupeKey("harbourside", "u1", 7, "sold", 1)).toBe(alertDedupeKey("harbourside", "u1", 7, "sold", 2));
  });

  it("marks saved cars 'price dropped' or 'sold'", () => {
    expect(savedMarker(30_000, car(28_500))).toBe("price dropped");
    expect(savedMarker(30_000, car(30_000))).toBeNull();
    expect(savedMarker(30_000, car(28_500, "sold"))).toBe("sold");
    expect(savedMarker(null, car(28_500))).toBeNull();
  });
});

describe("unsubscribe links (work without sign-in, cannot be forged)", () => {
  it("round-trip on the site they were made for, with any rotating secret", () => {
    const token = unsubscribeToken([SECRET], { tenant: "harbourside", savedId: 42 });
    expect(readUnsubscribeToken([SECRET], "harbourside", token)).toBe(42);
    expect(readUnsubscribeToken(["new-secret-0123456789", SECRET], "harbourside", token)).toBe(42);
    expect(readUnsubscribeToken([SECRET], "lakeside-auto", token)).toBeNull();
    expect(readUnsubscribeToken([SECRET], "harbourside", token.replace("42.", "43."))).toBeNull();
    expect(readUnsubscribeToken([SECRET], "harbourside", "garbage")).toBeNull();
  });
});
