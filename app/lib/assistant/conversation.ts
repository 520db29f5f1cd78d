import { CONVERSATION_PARAM } from "~/server/assistant/webchat-events";
import type { ChatData } from "~/server/handlers/assistant/assistant-page";

export const ASSISTANT_PATH = "/assistant";

/**
 * Where the conversation's forms post: the assistant with the opener's query kept (the car in
 * context, ?vehicle=) and marked as inside a conversation, so the post is not counted as an opening.
 */
export function conversationAction(search: string): string {
  const params = new URLSearchParams(search);
  params.set(CONVERSATION_PARAM, "");
  return `${ASSISTANT_PATH}?${params.toString()}`;
}

/** A post inside the conversation (a message or the hand-over): it changes no page's data, so nothing reloads. */
export function isAssistantConversation(formAction: string | undefined): boolean {
  return formAction !== undefined && new URL(formAction, "http://page.invalid").pathname === ASSISTANT_PATH;
}

/**
 * Whether the assistant's loader may run again after a post: only on its own page and not for the
 * conversation's own posts. Each run counts an opening (54), and in another page's dialog (a fetcher,
 * revalidated after any post on that page) the car and the hand-over form it gave stay right.
 */
export function reloadsAssistantData(formAction: string | undefined, nextUrl: URL): boolean {
  return nextUrl.pathname === ASSISTANT_PATH && !isAssistantConversation(formAction);
}

/** The conversation before the first message (one object, so it reads as unchanged between renders). */
export const NO_CHAT: ChatData = { transcript: [], error: null };

/** The action's answer to a message (the hand-over answers with a lead form's result instead). */
export function isChatData(value: unknown): value is ChatData {
  return typeof value === "object" && value !== null && "transcript" in value;
}
