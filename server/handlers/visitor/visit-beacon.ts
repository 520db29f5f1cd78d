import type { AppLoadContext } from "@remix-run/node";
import { isbot } from "isbot";
import { pageEvents } from "~/server/events/page-events";
import { beaconExposure } from "~/server/events/visit-beacon-href";
import { commitVisitor, readVisitor } from "~/server/visitor/cookie";
import { recordVisit } from "~/server/visitor/context";

/** A transparent 1×1 GIF. */
const PIXEL = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");

/** The page a beacon reports, as a URL of this site; null for anything but a path of this site. */
function reportedPage(raw: string | null, origin: string): URL | null {
  if (!raw || !raw.startsWith("/") || raw.startsWith("//")) return null;
  try {
    const url = new URL(raw, origin);
    return url.origin === origin ? url : null;
  } catch {
    return null;
  }
}

/**
 * GET /visit.gif: a page view, recorded off the page's own request so the page itself can be the same
 * for everyone and kept by a shared cache (docs/decisions.md, "Shared cache"). spec 001 §3: the
 * visited pages and the first page's tracked query go into the visitor's signed cookie, and the page's
 * events (its page view, a search) are queued for the event log. An image loads with
 * JavaScript off too, and it is never cached (`no-store`), so each view reaches the server.
 */
export async function visitBeacon(request: Request, context: AppLoadContext): Promise<Response> {
  const headers = { "Content-Type": "image/gif", "Cache-Control": "no-store" };
  const requestUrl = new URL(request.url);
  const page = reportedPage(requestUrl.searchParams.get("u"), requestUrl.origin);
  const routeId = requestUrl.searchParams.get("r") ?? "";
  if (!page || isbot(request.headers.get("user-agent") ?? "")) return new Response(PIXEL, { headers });
  const now = Date.now();
  const visitor = recordVisit(await readVisitor(request, context.services.cookies, now, context.newVisitorDeviceId), page, now);
  // Only a route's page view: an id of anything else is not a page this site rendered.
  const events = routeId.startsWith("routes/")
    ? pageEvents({
        routeId,
        url: page,
        vehicleCarType: requestUrl.searchParams.get("c"),
        vehicleExposure: beaconExposure(requestUrl.searchParams),
      })
    : [];
  for (const event of events) {
    context.services.events.enqueue(
      context.tenant,
      {
        eventId: event.eventId,
        url: `${page.pathname}${page.search}`,
        anonId: visitor.device_id,
        sessionId: visitor.session_id,
        properties: event.properties ?? null,
        source: "server",
      },
      now,
    );
  }
  return new Response(PIXEL, { headers: { ...headers, "Set-Cookie": await commitVisitor(visitor, context.services.cookies) } });
}
