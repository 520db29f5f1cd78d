import type { AppLoadContext, TypedResponse } from "@remix-run/node";
import { leadFormAction, type LeadFormActionData } from "../leads/form-action";
import type { Vehicle } from "~/server/stock/vehicle";
import type { PaymentProvider } from "~/server/tenants/schema";
import { reserveDeposit } from "~/server/reserve/deposit";

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
  return leadFormAction({
    request,
    context,
    kind: "reserve",
    car: { from: "route", vehicle },
    extraLeadFields: { deposit_amount: reserveDeposit(vehicle.payment_processors), payment_provider: provider },
  });
}
