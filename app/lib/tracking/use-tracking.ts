import { useRouteLoaderData } from "@remix-run/react";
import type { TrackingView } from "~/server/handlers/events/tracking-view";

/** The root loader's tracking view; null on error pages without root data. */
export function useTracking(): TrackingView | null {
  const data = useRouteLoaderData<{ tracking?: TrackingView }>("root");
  return data?.tracking ?? null;
}
