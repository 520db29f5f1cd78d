import { json, type AppLoadContext } from "@remix-run/node";
import { depositWebhook } from "./deposit-webhook";

/** POST /webhooks/stripe: Stripe's signed events (Stripe-Signature, constructEvent with STRIPE_WEBHOOK_SECRET). */
export function stripeWebhook(request: Request, context: AppLoadContext) {
  return depositWebhook(request, context, {
    name: "Stripe",
    gateway: context.services.payments.stripe,
    accepted: () => json({ received: true }, { headers: { "Cache-Control": "no-store" } }),
  });
}
