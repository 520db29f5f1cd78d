import { describe, expect, it } from "vitest";
import { conversationAction, isAssistantConversation, isChatData } from "~/app/lib/assistant/conversation";

describe("the assistant's conversation on its page and in the vehicle page's dialog", () => {
  it("posts to the assistant inside the conversation, keeping the car in context", () => {
    expect(conversationAction("?vehicle=2020-toyota-hilux-123")).toBe("/assistant?vehicle=2020-toyota-hilux-123&conversation=");
    expect(conversationAction("")).toBe("/assistant?conversation=");
    expect(conversationAction("?vehicle=a&conversation=")).toBe("/assistant?vehicle=a&conversation=");
  });

  it("knows a post to the assistant from any other form", () => {
    expect(isAssistantConversation("/assistant?vehicle=a&conversation=")).toBe(true);
    expect(isAssistantConversation("/assistant")).toBe(true);
    expect(isAssistantConversation("/assistants")).toBe(false);
    expect(isAssistantConversation("/cars/2020-toyota-hilux-123")).toBe(false);
    expect(isAssistantConversation(undefined)).toBe(false);
  });

  it("reads a message's answer, not the hand-over's lead form result", () => {
    expect(isChatData({ transcript: [], error: null })).toBe(true);
    expect(isChatData({ result: { status: "error" } })).toBe(false);
    expect(isChatData(null)).toBe(false);
  });
});
