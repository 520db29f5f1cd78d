import { firedEvent } from "~/server/events/definitions";

/** The part of the root loader's tracking view the browser needs to send an event. */
export type ClientTracking = { website_slug: string; log_events: boolean; anon_id: string; session_id: string };

export const EVENTS_ENDPOINT = "/api/events";
/** spec 001 §7: Facebook events are sent 250 ms after firing, with a random id. */
export const FACEBOOK_DELAY_MS = 250;

type Properties = Record<string, string | number | boolean | null>;

type TagWindow = Window & {
  dataLayer?: unknown[];
  gtag?: (...args: unknown[]) => void;
  fbq?: (...args: unknown[]) => void;
};

function randomEventId(): string {
  return typeof crypto !== "undefined" && "randomUUID" in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

/** The dealer's tags hear the event: data layer, GA4 and (250 ms later, with a random event id) the pixel. */
export function fireTagEvent(eventId: number, properties: Properties = {}, step?: number): void {
  const definition = firedEvent(eventId, step);
  if (!definition || typeof window === "undefined") return;
  const w = window as TagWindow;
  w.dataLayer = w.dataLayer ?? [];
  const { eventAction, eventCategory, eventLabel } = definition;
  w.dataLayer.push({ event: "forecourt_event", eventId, eventAction, eventCategory, eventLabel, ...properties });
  w.gtag?.("event", eventAction, { event_category: eventCategory, event_label: eventLabel, ...properties });
  const { facebookEventName: name, facebookCustomEvent: custom } = definition;
  if (name) {
    const eventID = randomEventId();
    window.setTimeout(() => w.fbq?.(custom ? "trackCustom" : "track", name, properties, { eventID }), FACEBOOK_DELAY_MS);
  }
}

/**
 * Our own log (issue 15 §2), by navigator.sendBeacon so it survives the page going away. True when
 * nothing needed sending or the browser queued it; false tells a caller to fall back (a /go/* link).
 */
export function sendEvent(
  tracking: ClientTracking,
  eventId: number,
  extra: { url?: string; error_message?: string; event_properties?: Properties; lead_id?: string } = {},
): boolean {
  if (!tracking.log_events) return true;
  const event = {
    website_slug: tracking.website_slug,
    url: (extra.url ?? `${window.location.pathname}${window.location.search}`).slice(0, 500),
    category: eventId,
    lead_id: extra.lead_id ?? null,
    anon_id: tracking.anon_id,
    session_id: tracking.session_id,
    error_message: extra.error_message ?? null,
    event_properties: extra.event_properties ?? null,
  };
  try {
    const body = new Blob([JSON.stringify({ event })], { type: "application/json" });
    return typeof navigator.sendBeacon === "function" && navigator.sendBeacon(EVENTS_ENDPOINT, body);
  } catch {
    return false;
  }
}

/** Both: the dealer's tags and our log. */
export function trackEvent(tracking: ClientTracking, eventId: number, properties: Properties = {}): boolean {
  fireTagEvent(eventId, properties);
  return sendEvent(tracking, eventId, { event_properties: properties });
}
