/** The part of the root loader's tracking view the browser needs to send an event. */
export type ClientTracking = { website_slug: string; log_events: boolean; anon_id: string; session_id: string };

export const EVENTS_ENDPOINT = "/api/events";

export type Properties = Record<string, string | number | boolean | null>;

/** The tag runtime (definitions, tag loaders, page kinds) loads on demand: pages without tags never download it. */
export function tagRuntime() {
  return import("./runtime");
}

/** The dealer's tags hear the event (data layer, GA4, pixel); nothing to do when none is configured. */
export function fireTagEvent(eventId: number, properties: Properties = {}): void {
  void tagRuntime().then((runtime) => runtime.fireTagEvent(eventId, properties));
}

/**
 * Our own log, by navigator.sendBeacon so it survives the page going away. True when
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
    // Empty on a page a shared cache kept: the server takes the ids from the visitor's cookie.
    anon_id: tracking.anon_id || undefined,
    session_id: tracking.session_id || undefined,
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
