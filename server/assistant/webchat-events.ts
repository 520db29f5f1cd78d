import { EVENT_IDS } from "~/server/events/event-ids";
import type { TranscriptEntry } from "./transcript";

/**
 * spec 001 §9 webchat events for the site's own assistant, counted as the third-party chat widgets
 * count them (server/events/chat-events.ts): 54 when the visitor opens it, 55 for the visitor's
 * message once per conversation (the widgets: once per chat session), 57 when the hand-over stores a
 * lead. The server records them, so they count with JavaScript off as well as on.
 */
export const ASSISTANT_WIDGET = "assistant";

/**
 * The chat form posts to /assistant?conversation, so a page rendered for a message (the loader runs
 * again after the action, without JavaScript) is not counted as another opening.
 */
export const CONVERSATION_PARAM = "conversation";

/** 54 for a request that opens the assistant (the link, or the dialog's first load); null for one inside a conversation. */
export function assistantOpenedEvent(url: URL): number | null {
  return url.searchParams.has(CONVERSATION_PARAM) ? null : EVENT_IDS.webchatOpened;
}

/** 55 for the first message the visitor sends in a conversation; null after that. */
export function assistantMessageEvent(before: readonly TranscriptEntry[]): number | null {
  return before.some((entry) => entry.from === "visitor") ? null : EVENT_IDS.webchatMessage;
}

/** 57 once the hand-over stored its lead (the lead pipeline answers a stored lead with a 303 to the thank-you page). */
export function assistantHandoverEvent(status: number): number | null {
  return status === 303 ? EVENT_IDS.webchatLead : null;
}
