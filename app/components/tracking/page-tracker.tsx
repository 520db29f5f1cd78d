import { useLocation, useMatches } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { pageEvents } from "~/server/events/page-events";
import type { VehicleTracking } from "~/server/events/tracking-product";
import { fireTagEvent, sendEvent, type ClientTracking } from "../../lib/tracking/send-event";

type TagWindow = Window & { dataLayer?: unknown[]; fbq?: (...args: unknown[]) => void };

function vehicleOf(data: unknown): VehicleTracking | null {
  if (data === null || typeof data !== "object" || !("tracking" in data)) return null;
  const tracking = (data as { tracking: unknown }).tracking;
  return tracking !== null && typeof tracking === "object" && "product" in tracking ? (tracking as VehicleTracking) : null;
}

/**
 * Issue 15 §2–3: each page's events go to the dealer's tags on every page, and to our log only for
 * client-side navigations — the server already logged the document it rendered. On vehicle pages the
 * data layer gets the spec 001 §3 tracking product payload.
 */
export function PageTracker({ tracking }: { tracking: ClientTracking }) {
  const location = useLocation();
  const matches = useMatches();
  const first = useRef(true);
  const leaf = matches[matches.length - 1];
  const vehicle = vehicleOf(leaf?.data);
  const key = `${location.pathname}${location.search}`;

  useEffect(() => {
    if (!leaf) return;
    const url = new URL(key, window.location.origin);
    const events = pageEvents({ routeId: leaf.id, url, vehicleCarType: vehicle?.carType });
    if (vehicle) {
      const w = window as TagWindow;
      w.dataLayer = w.dataLayer ?? [];
      w.dataLayer.push({ event: "view_item", tracking_product: vehicle.product });
    }
    for (const event of events) {
      const product: Record<string, string | number | null> = vehicle
        ? { content_id: vehicle.product.content_ids[0] ?? null, value: vehicle.product.value, currency: vehicle.product.currency }
        : {};
      fireTagEvent(event.eventId, { ...product, ...event.properties });
      if (!first.current) sendEvent(tracking, event.eventId, { url: key, event_properties: event.properties });
    }
    first.current = false;
    // Once per location: the matches' data changes with it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return null;
}
