import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { isbot } from "isbot";
import { pageEvents } from "~/server/events/page-events";
import type { VehicleTracking } from "~/server/events/tracking-product";
import type { TrackingView } from "./tracking-view";

const VEHICLE_ROUTE = "routes/$base.$slug";

function field<T>(data: unknown, key: string): T | undefined {
  return data !== null && typeof data === "object" && key in data ? ((data as Record<string, unknown>)[key] as T) : undefined;
}

/**
 * Issue 15 §2: the events of a document the server renders — the page view of its page kind and, on
 * the search page, the search (29) — so they count with JavaScript off. Client-side navigations after
 * it are the browser's to report (app/components/tracking/page-tracker.tsx). Not awaited: an event is
 * never worth a slower page.
 */
export function recordDocumentEvents(request: Request, status: number, remix: EntryContext, context: AppLoadContext): void {
  if (status !== 200 || request.method !== "GET" || !context.tenant.site.analytics.log_events) return;
  if (isbot(request.headers.get("user-agent") ?? "")) return;
  const { matches, loaderData } = remix.staticHandlerContext;
  const leaf = matches[matches.length - 1]?.route.id;
  if (!leaf) return;
  const tracking = field<TrackingView>(loaderData.root, "tracking");
  const vehicle = field<VehicleTracking>(loaderData[VEHICLE_ROUTE], "tracking");
  const url = new URL(request.url);
  const events = pageEvents({ routeId: leaf, url, vehicleCarType: vehicle?.carType, vehicleExposure: vehicle?.exposure });
  for (const event of events) {
    void context.services.events.record(context.tenant, {
      eventId: event.eventId,
      url: `${url.pathname}${url.search}`,
      anonId: tracking?.anon_id ?? null,
      sessionId: tracking?.session_id ?? null,
      properties: event.properties ?? null,
      source: "server",
    });
  }
}
