import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { partnerLoader, regoLookupAction } from "~/server/handlers/partners/partner-api";

/** spec 001 §7 POST /api/nevdis: rego lookup, on sites that enable NEVDIS. */
export function loader(args: LoaderFunctionArgs) {
  return partnerLoader(args, "nevdis");
}

export function action(args: ActionFunctionArgs) {
  return regoLookupAction(args, "nevdis");
}
