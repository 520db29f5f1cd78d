import { describe, expect, it } from "vitest";
import { conversationAction, isAssistantConversation, isChatData, reloadsAssistantData } from "~/app/lib/assistant/conversation";

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

  it("reloads the assistant's data only on its own page, never for the conversation's posts", () => {
    const page = new URL("http://x/assistant?vehicle=a");
    const vehiclePage = new URL("http://x/cars/2020-toyota-hilux-123");
    expect(reloadsAssistantData("/forget-my-details", page)).toBe(true);
    expect(reloadsAssistantData("/assistant?vehicle=a&conversation=", page)).toBe(false);
    // The dialog's fetcher on the vehicle page, after another post there (saving the car, the phone reveal).
    expect(reloadsAssistantData("/cars/2020-toyota-hilux-123", vehiclePage)).toBe(false);
    expect(reloadsAssistantData("/assistant?vehicle=a&conversation=", vehiclePage)).toBe(false);
  });

  it("reads a message's answer, not the hand-over's lead form result", () => {
    expect(isChatData({ transcript: [], error: null })).toBe(true);
    expect(isChatData({ result: { status: "error" } })).toBe(false);
    expect(isChatData(null)).toBe(false);
  });
});
