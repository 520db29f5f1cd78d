import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { carClarityCustomerAction, partnerLoader } from "~/server/handlers/partners/partner-api";

/** spec 001 §7 POST /api/carClarityCustomer: the shopper's details to Car Clarity, where enabled. */
export function loader(args: LoaderFunctionArgs) {
  return partnerLoader(args, "car_clarity");
}

export function action(args: ActionFunctionArgs) {
  return carClarityCustomerAction(args);
}
