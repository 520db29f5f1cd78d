import { describe, expect, it } from "vitest";
import {
  isFreshMessage,
  liveChatFormSubmitted,
  liveChatNewEvent,
  podiumEvent,
  webchatOnceKey,
  zendeskUserEvent,
} from "~/server/events/chat-events";

const now = Date.UTC(2026, 10, 23, 12, 0, 0);

describe("webchat events from the chat widgets (spec 001 §9: 55 message, 57 lead)", () => {
  it("counts only customer messages newer than 10 seconds (milliseconds or seconds)", () => {
    expect(isFreshMessage(now - 10_000, now)).toBe(true);
    expect(isFreshMessage(now - 10_001, now)).toBe(false);
    expect(isFreshMessage(Math.floor(now / 1000) - 3, now)).toBe(true);
    expect(isFreshMessage(Math.floor(now / 1000) - 60, now)).toBe(false);
    expect(isFreshMessage(undefined, now)).toBe(true);
  });

  it("LiveChat: the customer's own new message is 55; the agent's and replayed history are not", () => {
    expect(liveChatNewEvent({ type: "message", timestamp: now - 500, author: { id: "c1", type: "customer" } }, now)).toBe(55);
    expect(liveChatNewEvent({ type: "message", timestamp: now, author: { id: "a1", type: "agent" } }, now)).toBeNull();
    expect(liveChatNewEvent({ type: "message", timestamp: now - 60_000, author: { type: "customer" } }, now)).toBeNull();
    expect(liveChatNewEvent(null, now)).toBeNull();
  });

  it("LiveChat: the pre-chat and ticket forms are a lead (57), the post-chat survey is not", () => {
    expect(liveChatFormSubmitted({ type: "prechat" })).toBe(57);
    expect(liveChatFormSubmitted("ticket")).toBe(57);
    expect(liveChatFormSubmitted({ type: "postchat" })).toBeNull();
  });

  it("Zendesk (Classic): the chat's pre-chat and contact forms are a lead (57)", () => {
    expect(zendeskUserEvent({ category: "Zendesk Web Widget", action: "Chat Request Form Submitted" })).toBe(57);
    expect(zendeskUserEvent({ action: "Contact Form Submitted" })).toBe(57);
    expect(zendeskUserEvent({ action: "Web Widget Opened" })).toBeNull();
  });

  it("Podium: a started conversation is the first message and a lead", () => {
    expect(podiumEvent("Conversation Started")).toEqual([55, 57]);
    expect(podiumEvent("Bubble Clicked")).toEqual([]);
  });

  it("keys an event once per chat session", () => {
    expect(webchatOnceKey("session_abc", 55)).not.toBe(webchatOnceKey("session_abc", 57));
    expect(webchatOnceKey("session_abc", 55)).not.toBe(webchatOnceKey("session_xyz", 55));
  });
});
