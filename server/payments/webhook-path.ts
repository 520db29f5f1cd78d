import type { PaymentProvider } from "~/server/tenants/schema";

/** Where each provider's notifications arrive on the shop's own host. */
export function webhookPath(provider: PaymentProvider): string {
  return { Stripe: "/webhooks/stripe", Till: "/webhooks/till", "St George": "/webhooks/st-george" }[provider];
}
