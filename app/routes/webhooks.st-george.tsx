import type { ActionFunctionArgs } from "@remix-run/node";
import { stGeorgeWebhook } from "~/server/handlers/payments/st-george-webhook";

/** POST /webhooks/st-george: St George (IPG Connect) transaction notifications. */
export async function action({ request, context }: ActionFunctionArgs) {
  return stGeorgeWebhook(request, context);
}
