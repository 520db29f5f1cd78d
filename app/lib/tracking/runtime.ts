/**
 * The browser's tracking runtime, loaded with a dynamic import after the page is up, so the
 * event table, the page kinds and the tag loaders never weigh on the first load.
 */
import { webchatOnceKey, type WebchatEventId } from "~/server/events/chat-events";
import { CLIENT_ERROR_MESSAGE_MAX_LENGTH, reportableError } from "~/server/events/client-errors";
import { firedEvent } from "~/server/events/definitions";
import { CLIENT_ERROR_EVENT_ID } from "~/server/events/event-ids";
import { pageEvents } from "~/server/events/page-events";
import type { VehicleTracking } from "~/server/events/tracking-product";
import { sendEvent, trackEvent, type ClientTracking, type Properties } from "./send-event";

export { loadMarketingTags, openChat, pageNonce, watchChat, whenIdleAfterLoad } from "./load-tags";

/** spec 001 §7: Facebook events are sent 250 ms after firing, with a random id. */
export const FACEBOOK_DELAY_MS = 250;

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
  if (!definition) return;
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

export type PageVisit = {
  tracking: ClientTracking;
  routeId: string;
  path: string;
  vehicle: VehicleTracking | null;
  /** The lead event of the form just sent, on the thank-you page (spec 001 §4). */
  submittedEventId: number | null;
};

/**
 * A page's events, to the dealer's tags (our own log hears of every page from the visit beacon,
 * app/components/tracking/visit-beacon.tsx). Vehicle pages
 * push the spec 001 §3 tracking product payload to the data layer.
 */
export function trackPage({ routeId, path, vehicle, submittedEventId }: PageVisit): void {
  const url = new URL(path, window.location.origin);
  const events = pageEvents({ routeId, url, vehicleCarType: vehicle?.carType, vehicleExposure: vehicle?.exposure });
  if (vehicle) {
    const w = window as TagWindow;
    w.dataLayer = w.dataLayer ?? [];
    w.dataLayer.push({ event: "view_item", tracking_product: vehicle.product });
  }
  const product: Properties = vehicle
    ? { content_id: vehicle.product.content_ids[0] ?? null, value: vehicle.product.value, currency: vehicle.product.currency }
    : {};
  for (const event of events) {
    fireTagEvent(event.eventId, { ...product, ...event.properties });
  }
  if (submittedEventId !== null) fireTagEvent(submittedEventId);
}

function messageOf(reason: unknown): string {
  if (reason instanceof Error) return reason.message;
  return typeof reason === "string" ? reason : "";
}

/** spec 001 §8: window errors and unhandled rejections go to /api/events with error_message; returns the remover. */
export function reportErrors(tracking: ClientTracking): () => void {
  const report = (message: string) => {
    if (reportableError(message)) {
      sendEvent(tracking, CLIENT_ERROR_EVENT_ID, { error_message: message.slice(0, CLIENT_ERROR_MESSAGE_MAX_LENGTH) });
    }
  };
  const onError = (event: ErrorEvent) => report(event.message || messageOf(event.error));
  const onRejection = (event: PromiseRejectionEvent) => report(messageOf(event.reason));
  window.addEventListener("error", onError);
  window.addEventListener("unhandledrejection", onRejection);
  return () => {
    window.removeEventListener("error", onError);
    window.removeEventListener("unhandledrejection", onRejection);
  };
}

const recordedInTab = new Set<string>();

/**
 * A chat message (55) or chat lead (57) counts once per chat session (the visitor's session id): a
 * widget that reports every message, or a page change that re-subscribes, adds nothing after the first.
 */
export function trackWebchatOnce(tracking: ClientTracking, eventId: WebchatEventId, properties: Properties): void {
  const key = webchatOnceKey(tracking.session_id, eventId);
  if (recordedInTab.has(key)) return;
  recordedInTab.add(key);
  try {
    if (window.sessionStorage.getItem(key)) return;
    window.sessionStorage.setItem(key, "1");
  } catch {
    // Storage refused (private mode): the in-tab set above still keeps it to once per page life.
  }
  trackEvent(tracking, eventId, properties);
}
