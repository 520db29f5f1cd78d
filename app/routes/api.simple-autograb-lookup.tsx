import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { partnerLoader, regoLookupAction } from "~/server/handlers/partners/partner-api";

/** spec 001 §7 POST /api/simple-autograb-lookup: rego lookup, on sites that enable Autograb. */
export function loader(args: LoaderFunctionArgs) {
  return partnerLoader(args, "autograb");
}

export function action(args: ActionFunctionArgs) {
  return regoLookupAction(args, "autograb");
}
