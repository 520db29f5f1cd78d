import { describe, expect, it } from "vitest";
import { CATEGORIES } from "~/server/leads/events";
import { apiStepTracking } from "~/server/leads/submit";

// spec 001 §4: steps under event 32 with ' - Step {n}'; the completed lead its own event (trade-in 16, finance 23).
const tradeIn = { category: CATEGORIES.tradeIn };
const finance = { category: CATEGORIES.finance };
const sellMyCar = { category: CATEGORIES.sellMyCar };

describe("events of leads saved step by step through the lead API", () => {
  it("a new Incomplete lead is step 1 of 32 unless it names its step", () => {
    expect(apiStepTracking(tradeIn, { previousStep: null, step: 1, completes: false })).toEqual({
      eventId: 32,
      eventAction: "Trade-In Enquiry - Step 1",
    });
    expect(apiStepTracking(finance, { previousStep: null, step: 3, completes: false })).toEqual({
      eventId: 32,
      eventAction: "Finance Enquiry - Step 3",
    });
  });

  it("an update to a later step is that step; the same or an earlier step again records nothing", () => {
    expect(apiStepTracking(tradeIn, { previousStep: 1, step: 2, completes: false })?.eventAction).toBe("Trade-In Enquiry - Step 2");
    expect(apiStepTracking(tradeIn, { previousStep: 2, step: 2, completes: false })).toBeNull();
    expect(apiStepTracking(tradeIn, { previousStep: 3, step: 2, completes: false })).toBeNull();
    expect(apiStepTracking(tradeIn, { previousStep: 2, step: null, completes: false })).toBeNull();
  });

  it("the update that completes the lead is the lead's own event; sell my car is 32 itself and keeps its step", () => {
    expect(apiStepTracking(tradeIn, { previousStep: 2, step: 3, completes: true })).toEqual({
      eventId: 16,
      eventAction: "Trade-In Enquiry",
    });
    expect(apiStepTracking(finance, { previousStep: 4, step: null, completes: true })).toEqual({
      eventId: 23,
      eventAction: "Finance Enquiry",
    });
    expect(apiStepTracking(sellMyCar, { previousStep: 3, step: 4, completes: true })).toEqual({
      eventId: 32,
      eventAction: "Sell My Car Enquiry - Step 4",
    });
  });
});
