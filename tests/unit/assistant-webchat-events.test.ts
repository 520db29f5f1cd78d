import { describe, expect, it } from "vitest";
import { assistantHandoverEvent, assistantMessageEvent, assistantOpenedEvent } from "~/server/assistant/webchat-events";

describe("the assistant's spec 001 §9 webchat events", () => {
  it("54 when the assistant is opened, not for a page inside a conversation", () => {
    expect(assistantOpenedEvent(new URL("http://x/assistant"))).toBe(54);
    expect(assistantOpenedEvent(new URL("http://x/assistant?vehicle=2020-toyota-rav4-123"))).toBe(54);
    expect(assistantOpenedEvent(new URL("http://x/assistant?vehicle=a&conversation="))).toBeNull();
  });

  it("55 for the visitor's first message of a conversation only", () => {
    expect(assistantMessageEvent([])).toBe(55);
    expect(assistantMessageEvent([{ from: "assistant", text: "Hi", links: [] }])).toBe(55);
    expect(assistantMessageEvent([{ from: "visitor", text: "Open Sunday?", links: [] }])).toBeNull();
  });

  it("57 only when the hand-over stored its lead (303 to the thank-you page)", () => {
    expect(assistantHandoverEvent(303)).toBe(57);
    expect(assistantHandoverEvent(400)).toBeNull();
    expect(assistantHandoverEvent(503)).toBeNull();
  });
});
