/**
 * What the live-chat widgets tell the page, turned into spec 001 §9 webchat events — 55 (a
 * visitor's chat message) and 57 (a lead captured by the chat). Each vendor's public JavaScript API
 * is different (docs/decisions.md "Tracking and split tests" lists the callbacks used and the vendors without one);
 * these rules only read the payloads, so they are tested without a browser.
 */
import { EVENT_IDS } from "./event-ids";

export const WEBCHAT_MESSAGE_EVENT_ID = EVENT_IDS.webchatMessage;
export const WEBCHAT_LEAD_EVENT_ID = EVENT_IDS.webchatLead;

export type WebchatEventId = typeof WEBCHAT_MESSAGE_EVENT_ID | typeof WEBCHAT_LEAD_EVENT_ID;

/** spec 001 §9: chat message tracking counts only customer messages newer than 10 seconds. */
export const CHAT_MESSAGE_MAX_AGE_MS = 10_000;

/**
 * A message replayed from history (a widget reloading an earlier conversation on a new page) is not a
 * new message. Timestamps may come in seconds or milliseconds; no timestamp means it is happening now.
 */
export function isFreshMessage(timestamp: unknown, now: number): boolean {
  if (typeof timestamp !== "number" || !Number.isFinite(timestamp)) return true;
  const ms = timestamp < 1e12 ? timestamp * 1000 : timestamp;
  return now - ms <= CHAT_MESSAGE_MAX_AGE_MS;
}

function record(value: unknown): Record<string, unknown> | null {
  return typeof value === "object" && value !== null ? (value as Record<string, unknown>) : null;
}

/** LiveChat `LiveChatWidget.on('new_event', …)`: incoming and outgoing; only the customer's own count. */
export function liveChatNewEvent(event: unknown, now: number): WebchatEventId | null {
  const payload = record(event);
  const author = record(payload?.author);
  if (author?.type !== "customer") return null;
  return isFreshMessage(payload?.timestamp, now) ? WEBCHAT_MESSAGE_EVENT_ID : null;
}

/**
 * LiveChat `LiveChatWidget.on('form_submitted', …)`: the pre-chat form and the ticket (offline) form
 * take the visitor's contact details, so they are a lead; the post-chat survey is not. The payload is
 * `{ type }` in the current docs and the bare type string in older ones.
 */
export function liveChatFormSubmitted(payload: unknown): WebchatEventId | null {
  const type = typeof payload === "string" ? payload : record(payload)?.type;
  return type === "prechat" || type === "ticket" ? WEBCHAT_LEAD_EVENT_ID : null;
}

/**
 * Zendesk Web Widget (Classic) `zE('webWidget:on', 'userEvent', …)`: the chat's pre-chat form and the
 * contact (offline) form carry the visitor's details. The first message of a chat is `chat:start`.
 */
export function zendeskUserEvent(event: unknown): WebchatEventId | null {
  const action = record(event)?.action;
  return action === "Chat Request Form Submitted" || action === "Contact Form Submitted" ? WEBCHAT_LEAD_EVENT_ID : null;
}

/**
 * Podium `window.PodiumEventsCallback(event, properties)`: a webchat conversation only starts once the
 * visitor has sent their name, mobile number and first message, so 'Conversation Started' is both
 * the first message (55) and a lead (57).
 */
export function podiumEvent(event: unknown): WebchatEventId[] {
  return event === "Conversation Started" ? [WEBCHAT_MESSAGE_EVENT_ID, WEBCHAT_LEAD_EVENT_ID] : [];
}

/** Once per chat session: the key a recorded event leaves in the tab's session storage. */
export function webchatOnceKey(sessionId: string, eventId: WebchatEventId): string {
  return `fc_webchat_${eventId}_${sessionId}`;
}
