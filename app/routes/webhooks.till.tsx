import type { ActionFunctionArgs } from "@remix-run/node";
import { tillWebhook } from "~/server/handlers/payments/till-webhook";

/** POST /webhooks/till: Till's signed status callbacks. */
export async function action({ request, context }: ActionFunctionArgs) {
  return tillWebhook(request, context);
}
