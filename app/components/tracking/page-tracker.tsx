import { useLocation, useMatches } from "@remix-run/react";
import { useEffect } from "react";
import type { VehicleTracking } from "~/server/events/tracking-product";
import { tagRuntime, type ClientTracking } from "../../lib/tracking/send-event";

export function vehicleOf(data: unknown): VehicleTracking | null {
  if (data === null || typeof data !== "object" || !("tracking" in data)) return null;
  const tracking = (data as { tracking: unknown }).tracking;
  return tracking !== null && typeof tracking === "object" && "product" in tracking ? (tracking as VehicleTracking) : null;
}

/**
 * Each page's events go to the dealer's tags on every page; our own log hears of each
 * page from the visit beacon (visit-beacon.tsx), with JavaScript or without.
 */
export function PageTracker({ tracking, submittedEventId }: { tracking: ClientTracking; submittedEventId: number | null }) {
  const location = useLocation();
  const matches = useMatches();
  const leaf = matches[matches.length - 1];
  const path = `${location.pathname}${location.search}`;

  useEffect(() => {
    if (!leaf) return;
    const visit = { tracking, routeId: leaf.id, path, vehicle: vehicleOf(leaf.data), submittedEventId };
    void tagRuntime().then((runtime) => runtime.trackPage(visit));
    // Once per location: the matches' data and the tracking view change with it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [path]);
  return null;
}
