import type { AppLoadContext, TypedResponse } from "@remix-run/node";
import { leadFormAction, type LeadFormActionData } from "~/server/handlers/leads";
import type { Vehicle } from "~/server/stock/vehicle";
import type { PaymentProvider } from "~/server/tenants/schema";
import { reserveDeposit } from "~/server/reserve/deposit";
import { depositCheckout } from "./deposit-checkout";

export type ReserveActionInput = {
  request: Request;
  context: AppLoadContext;
  /** The reservable vehicle the route resolved from its URL. */
  vehicle: Vehicle;
  provider: PaymentProvider;
};

/**
 * The reserve form's action: the pipeline of every lead form (guards, the 'reserve' schema, one
 * stored lead, 303 to /success) about the vehicle in the URL, plus what only a reservation carries —
 * the deposit quoted on the page and the site's payment provider.
 */
export function reserveAction({
  request,
  context,
  vehicle,
  provider,
}: ReserveActionInput): Promise<TypedResponse<LeadFormActionData> | TypedResponse<never>> {
  const deposit = reserveDeposit(vehicle.payment_processors);
  // With the provider's keys configured and a deposit amount, the deposit is really taken.
  const gateway = deposit === null ? null : context.services.payments.gatewayFor(context.tenant);
  return leadFormAction({
    request,
    context,
    kind: "reserve",
    car: { from: "route", vehicle },
    extraLeadFields: { deposit_amount: deposit, payment_provider: provider },
    submitInstead: gateway && deposit !== null ? depositCheckout({ request, context, vehicle, deposit, gateway }) : undefined,
  });
}
