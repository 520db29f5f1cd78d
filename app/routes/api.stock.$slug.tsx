import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { pushStock } from "~/server/handlers/stock/push";

/** PUT /api/stock/<slug> with the dealer's feed (JSON or CSV) and bearer token. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  return pushStock(request, params.slug ?? "", context);
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  return pushStock(request, params.slug ?? "", context);
}
