import { useLocation, useMatches } from "@remix-run/react";
import { visitBeaconHref } from "~/server/events/visit-beacon-href";
import { vehicleOf } from "./page-tracker";

/**
 * The page view, reported by an image (server/handlers/visitor/visit-beacon.ts): it loads with
 * JavaScript off, and it keeps the page itself free of anything per visitor, so a shared cache may
 * keep the page. After a client-side navigation the new address loads a new beacon.
 */
export function VisitBeacon() {
  const location = useLocation();
  const matches = useMatches();
  const leaf = matches[matches.length - 1];
  if (!leaf) return null;
  const vehicle = vehicleOf(leaf.data);
  const href = visitBeaconHref(`${location.pathname}${location.search}`, leaf.id, vehicle?.carType ?? null, vehicle?.exposure ?? null);
  return <img src={href} alt="" width={1} height={1} className="hidden" data-testid="visit-beacon" />;
}
