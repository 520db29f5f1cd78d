import { useLocation, useMatches } from "@remix-run/react";
import { useEffect, useRef } from "react";
import type { VehicleTracking } from "~/server/events/tracking-product";
import { tagRuntime, type ClientTracking } from "../../lib/tracking/send-event";

function vehicleOf(data: unknown): VehicleTracking | null {
  if (data === null || typeof data !== "object" || !("tracking" in data)) return null;
  const tracking = (data as { tracking: unknown }).tracking;
  return tracking !== null && typeof tracking === "object" && "product" in tracking ? (tracking as VehicleTracking) : null;
}

/**
 * Issue 15 §2–3: each page's events go to the dealer's tags on every page, and to our log only for
 * client-side navigations — the server already logged the document it rendered.
 */
export function PageTracker({ tracking, submittedEventId }: { tracking: ClientTracking; submittedEventId: number | null }) {
  const location = useLocation();
  const matches = useMatches();
  const first = useRef(true);
  const leaf = matches[matches.length - 1];
  const path = `${location.pathname}${location.search}`;

  useEffect(() => {
    const logToServer = !first.current;
    first.current = false;
    if (!leaf) return;
    const visit = { tracking, routeId: leaf.id, path, vehicle: vehicleOf(leaf.data), submittedEventId, logToServer };
    void tagRuntime().then((runtime) => runtime.trackPage(visit));
    // Once per location: the matches' data and the tracking view change with it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [path]);
  return null;
}
