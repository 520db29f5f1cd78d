import type { LoaderFunctionArgs } from "@remix-run/node";
import { stGeorgeForm } from "~/server/handlers/payments/st-george-form";

/** GET /payments/st-george/{id}: the signed form that opens St George's hosted payment page. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return stGeorgeForm(request, context, params.id ?? "");
}
