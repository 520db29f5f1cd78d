import { json, redirect, type AppLoadContext } from "@remix-run/node";
import type { Params } from "@remix-run/react";
import { RESERVE_MESSAGES } from "~/server/reserve/messages";
import { ownReserveUrl, type ReservePathForm } from "~/server/reserve/path-form";
import { canReserve } from "~/server/stock/can-reserve";
import type { Vehicle } from "~/server/stock/vehicle";
import type { PaymentProvider } from "~/server/tenants/schema";
import { requireListedVehicle } from "~/server/handlers/vehicle";
import type { ReserveRefusal } from "~/server/reserve/refusal";

export type ReserveRequest = {
  params: Params;
  request: Request;
  context: AppLoadContext;
  /** The spelling this route answers on (its file name). */
  form: ReservePathForm;
  now: number;
  /** GETs on another base or the other spelling are redirected (301); a POST there is a 404. */
  redirectWrongPaths: boolean;
};

export type Reservable = { vehicle: Vehicle; provider: PaymentProvider };

function refuse(status: number, message: string): Response {
  return json<ReserveRefusal>({ kind: "reserve_refused", message }, { status, headers: { "Cache-Control": "no-store" } });
}

/**
 * The vehicle a reserve page is for, or a thrown Response: the vehicle page's own lookup answers
 * first (404 not listed, 301 other base, 503 stock down); then the site's spelling (301, or 404 for
 * a POST); then spec 000 §5 canReserve. A listed vehicle that cannot be reserved is a 409 shown
 * over its vehicle page — a conflict with the vehicle's current state (sold, reserved, no processor),
 * not a missing page, and the shopper stays where the enquiry button is.
 */
export async function requireReservableVehicle({
  params,
  request,
  context,
  form,
  now,
  redirectWrongPaths,
}: ReserveRequest): Promise<Reservable> {
  const vehicle = await requireListedVehicle({ params, request, context, now, redirectOtherBases: redirectWrongPaths });
  const { site } = context.tenant;
  const own = ownReserveUrl(new URL(request.url), form, site);
  if (own !== null) {
    if (!redirectWrongPaths) throw refuse(404, RESERVE_MESSAGES.unavailable);
    throw redirect(own, 301);
  }
  const provider = site.payment_provider;
  if (provider === null || !canReserve(vehicle, site)) throw refuse(409, RESERVE_MESSAGES.notReservable);
  return { vehicle, provider };
}
