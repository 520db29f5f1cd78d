import { describe, expect, it } from "vitest";
import { carAnswer, hoursAnswer, PASS_TO_TEAM } from "~/server/assistant/answers";
import { readQuestion } from "~/server/assistant/question";
import { MAX_MESSAGES } from "~/server/assistant/limits";
import { appendEntries, readTranscript } from "~/server/assistant/transcript";
import { financeCalculator } from "~/server/stock/finance-calculator";
import { makeTenant } from "../fixtures/tenant";
import { fixtureVehicles } from "../fixtures/vehicles";

const hours = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({
  weekday,
  status: weekday === 0 ? ("Closed" as const) : ("Open" as const),
  formated_hours: weekday === 6 ? "9:00am-1:00pm" : weekday === 0 ? "Closed" : "8:30am-5:30pm",
  open: null,
  close: null,
}));
const base = makeTenant();
const site = {
  ...base.site,
  locations: base.site.locations.map((location) => ({ ...location, contact_detail: { ...location.contact_detail, opening_hours: hours } })),
  special_hours: [{ date: "2026-12-25", label: "Christmas Day", status: "Closed" as const, formated_hours: "Closed" }],
};
// Friday 27 November 2026, noon in Sydney.
const friday = Date.parse("2026-11-27T01:00:00Z");

describe("what a message asks", () => {
  it.each([
    ["are you open on Sunday?", { kind: "hours", weekday: 0 }],
    ["what are your opening hours", { kind: "hours", weekday: null }],
    ["open saturday?", { kind: "hours", weekday: 6 }],
    ["where are you located", { kind: "address" }],
    ["directions please", { kind: "address" }],
    ["what's your phone number", { kind: "phone" }],
    ["can I talk to a person", { kind: "handover" }],
    ["toyota suv under 40k", { kind: "stock" }],
  ])("%s", (message, question) => {
    expect(readQuestion(message, false)).toEqual(question);
  });

  it("questions about the car only when a car is in context", () => {
    expect(readQuestion("is it still available?", true)).toEqual({ kind: "car", topic: "available" });
    expect(readQuestion("how much is it", true)).toEqual({ kind: "car", topic: "price" });
    expect(readQuestion("how many kms", true)).toEqual({ kind: "car", topic: "km" });
    expect(readQuestion("weekly repayments?", true)).toEqual({ kind: "car", topic: "finance" });
    expect(readQuestion("how much is it", false)).toEqual({ kind: "stock" });
  });
});

describe("answers from the site's data", () => {
  it("hours for a named day, today, and a special day that wins", () => {
    expect(hoursAnswer(site, 0, friday)).toBe("We're closed on Sunday.");
    expect(hoursAnswer(site, 6, friday)).toBe("Yes, we're open on Saturday, 9:00am-1:00pm.");
    expect(hoursAnswer(site, null, friday)).toBe("Yes, we're open today, 8:30am-5:30pm.");
    const christmasEve = Date.parse("2026-12-24T01:00:00Z");
    expect(hoursAnswer(site, 5, christmasEve)).toBe("We're closed on Friday (Christmas Day).");
  });

  it("the car in context: price, odometer, a finance estimate by the calculator's rule, availability", () => {
    const car = {
      ...fixtureVehicles[0],
      price: 30000,
      km: 12345,
      status: "in_stock" as const,
      sold: false,
      preorder: false,
      subscription_price: null,
    };
    expect(carAnswer(car, "price", site)).toMatch(/ is \$30,000/);
    expect(carAnswer(car, "km", site)).toMatch(/12,345 km on the odometer/);
    const weekly = financeCalculator({ price: 30000 }).weekly.toFixed(2);
    expect(carAnswer(car, "finance", site)).toContain(`About $${weekly} a week`);
    expect(carAnswer(car, "available", site)).toMatch(/^Yes, the .* is still available\.$/);
    expect(carAnswer({ ...car, price: null }, "finance", site)).toMatch(new RegExp(`^${PASS_TO_TEAM}`));
  });
});

describe("the conversation a form carries", () => {
  it("anything malformed starts afresh; it stays bounded", () => {
    expect(readTranscript("not json")).toEqual([]);
    expect(readTranscript(JSON.stringify([{ from: "hacker", text: "x" }]))).toEqual([]);
    const many = Array.from({ length: 30 }, (_, i) => ({ from: "visitor" as const, text: String(i), links: [] }));
    expect(appendEntries([], ...many)).toHaveLength(MAX_MESSAGES);
  });
});
