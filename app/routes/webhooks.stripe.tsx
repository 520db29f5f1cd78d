import type { ActionFunctionArgs } from "@remix-run/node";
import { stripeWebhook } from "~/server/handlers/payments/stripe-webhook";

/** POST /webhooks/stripe: Stripe's signed notifications. */
export async function action({ request, context }: ActionFunctionArgs) {
  return stripeWebhook(request, context);
}
