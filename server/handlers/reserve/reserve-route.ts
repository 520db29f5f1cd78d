import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { leadFormPage } from "~/server/handlers/leads";
import { DEPOSIT_MESSAGES, RESERVE_MESSAGES } from "~/server/reserve/messages";
import type { ReservePathForm } from "~/server/reserve/path-form";
import { reserveAction } from "./reserve-action";
import { reserveFormDefaults, reserveView } from "~/server/reserve/reserve-view";
import { requireReservableVehicle } from "./reserve-request";

/** The loader of /{base}/{slug}/checkout and /buy-online: the summary and the 'reserve' lead form. */
export async function reservePage({ params, request, context }: LoaderFunctionArgs, form: ReservePathForm) {
  const { vehicle, provider } = await requireReservableVehicle({
    params,
    request,
    context,
    form,
    now: Date.now(),
    redirectWrongPaths: true,
  });
  const { site } = context.tenant;
  const view = await leadFormPage({ request, context, kind: "reserve", vehicle, hidden: reserveFormDefaults(vehicle, site) });
  const reserve = reserveView(vehicle, site, provider, context.services.payments.gatewayFor(context.tenant) !== null);
  // With JavaScript a Stripe tenant's shopper pays in the Payment Element; without, on hosted Checkout.
  const stripeElement = reserve.onlinePayment ? context.services.payments.stripeElementFor(context.tenant) : null;
  return json(
    {
      view: { ...view, submitLabel: reserve.onlinePayment ? DEPOSIT_MESSAGES.payLabel : RESERVE_MESSAGES.submitLabel },
      reserve,
      stripeElement,
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

/** The action of both spellings: the vehicle is checked again, since it may have been reserved meanwhile. */
export async function reserveSubmit({ params, request, context }: ActionFunctionArgs, form: ReservePathForm) {
  const { vehicle, provider } = await requireReservableVehicle({
    params,
    request,
    context,
    form,
    now: Date.now(),
    redirectWrongPaths: false,
  });
  return reserveAction({ request, context, vehicle, provider });
}
