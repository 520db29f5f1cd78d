import { isRouteErrorResponse, useLocation, useRouteError } from "@remix-run/react";
import { RESERVE_MESSAGES } from "~/server/reserve/messages";
import { ReserveRefused } from "./reserve-dialog";
import { isReserveRefusal } from "~/server/reserve/refusal";

/** /cars/x/checkout → /cars/x: the vehicle page this route sits on. */
export function parentPath(pathname: string): string {
  return pathname.replace(/\/[^/]*\/?$/, "") || "/";
}

/**
 * The reserve routes' ErrorBoundary, rendered inside the vehicle page (whose own loader succeeded):
 * the refusal's message (409 not reservable), or the generic one for anything else.
 */
export function ReserveError() {
  const error = useRouteError();
  const { pathname } = useLocation();
  const message = isRouteErrorResponse(error) && isReserveRefusal(error.data) ? error.data.message : RESERVE_MESSAGES.unavailable;
  return <ReserveRefused message={message} vehicleHref={parentPath(pathname)} />;
}
