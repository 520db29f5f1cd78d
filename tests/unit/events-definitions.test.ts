import { describe, expect, it } from "vitest";
import {
  EVENT_DEFINITIONS,
  EVENT_IDS,
  eventDefinition,
  firedEvent,
  isFormSubmission,
  isPageView,
  withStepSuffix,
} from "~/server/events/definitions";
import { CATEGORIES, eventFor } from "~/server/leads/events";

describe("event definitions (spec 001 §3, §9)", () => {
  it("defines every id from 1 to 57 exactly once, with the spec's five fields", () => {
    expect([...EVENT_DEFINITIONS.keys()].sort((a, b) => a - b)).toEqual(Array.from({ length: 57 }, (_, i) => i + 1));
    for (const definition of EVENT_DEFINITIONS.values()) {
      expect(definition.eventAction).not.toBe("");
      expect(definition.eventCategory).not.toBe("");
      expect(definition.eventLabel).not.toBe("");
      expect(typeof definition.facebookCustomEvent).toBe("boolean");
    }
    expect(eventDefinition(0)).toBeNull();
    expect(eventDefinition(58)).toBeNull();
  });

  it("keeps the numbers the spec gives", () => {
    expect(eventDefinition(25)?.eventCategory).toBe("Click to Call");
    expect(eventDefinition(26)?.eventCategory).toBe("Calculator");
    expect(eventDefinition(29)?.eventCategory).toBe("Search");
    expect([35, 36, 37, 38].map((id) => eventDefinition(id)?.eventCategory)).toEqual(["Login", "Login", "Login", "Login"]);
    expect(eventDefinition(39)?.eventCategory).toBe("Wishlist");
    expect(eventDefinition(41)?.eventCategory).toBe("Get Directions");
    expect([54, 55, 57].map((id) => eventDefinition(id)?.eventCategory)).toEqual(["Webchat", "Webchat", "Webchat"]);
    expect(eventDefinition(22)).toMatchObject({ eventCategory: "Form Submission", eventAction: "General Enquiry" });
    expect(eventDefinition(51)).toMatchObject({ eventCategory: "Form Submission", eventAction: "Career Enquiry" });
  });

  it("lists the spec's 13 page views and 20 form submissions among its kinds", () => {
    const pageViews = [...EVENT_DEFINITIONS.keys()].filter(isPageView);
    const forms = [...EVENT_DEFINITIONS.keys()].filter(isFormSubmission);
    expect(pageViews.length).toBeGreaterThanOrEqual(13);
    expect(forms.length).toBeGreaterThanOrEqual(20);
    expect(isPageView(EVENT_IDS.pageHome)).toBe(true);
    expect(isFormSubmission(EVENT_IDS.clickToCall)).toBe(false);
  });

  it("has a definition, of kind form submission, for every lead category's event", () => {
    for (const category of Object.values(CATEGORIES)) {
      const { eventId } = eventFor(category, "");
      expect(isFormSubmission(eventId), `${category} → ${eventId}`).toBe(true);
    }
  });

  it("adds ' - Step {n}' to the action of 32 only", () => {
    expect(withStepSuffix(32, "Sell My Car Enquiry", 3)).toBe("Sell My Car Enquiry - Step 3");
    expect(firedEvent(32, 2)?.eventAction).toBe("Sell My Car Enquiry - Step 2");
    expect(firedEvent(32)?.eventAction).toBe("Sell My Car Enquiry");
    expect(firedEvent(22, 2)?.eventAction).toBe("General Enquiry");
    expect(firedEvent(99)).toBeNull();
  });
});
