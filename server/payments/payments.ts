import type { Env } from "../lib/env";
import type { Logger } from "../lib/logger";
import type { Tenant } from "../tenants/load";
import type { PaymentGateway } from "./gateway";
import { createStripeGateway } from "./stripe-gateway";

/** The deposit providers this process can use, by provider (built once at start). */
export type Payments = {
  /** The tenant's provider when its keys are configured; null: the reserve page stays a reservation request. */
  gatewayFor(tenant: Tenant): PaymentGateway | null;
  /** The gateway that verifies a provider's notifications. */
  stripe: PaymentGateway | null;
};

export async function createPayments(env: Env, log: Logger): Promise<Payments> {
  let stripe: PaymentGateway | null = null;
  if (env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET) {
    stripe = await createStripeGateway({
      secretKey: env.STRIPE_SECRET_KEY,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET,
      apiBase: env.STRIPE_API_BASE,
    });
    log.info({ apiBase: env.STRIPE_API_BASE ?? "api.stripe.com" }, "Stripe deposits on for sites with payment_provider Stripe");
  } else if (env.STRIPE_SECRET_KEY || env.STRIPE_WEBHOOK_SECRET) {
    log.warn("Stripe needs both STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET; deposits stay off");
  }
  return {
    stripe,
    gatewayFor: (tenant) => (tenant.site.payment_provider === "Stripe" ? stripe : null),
  };
}
