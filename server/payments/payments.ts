import type { Env } from "~/server/lib/env";
import type { Logger } from "~/server/lib/logger";
import type { Tenant } from "~/server/tenants/load";
import type { PaymentProvider } from "~/server/tenants/schema";
import type { PaymentGateway } from "./gateway";
import { stripeElementConfig, type StripeElementConfig } from "./stripe-element";
import { createStripeGateway } from "./stripe-gateway";
import { createStGeorgeGateway } from "./st-george-gateway";
import { createTillGateway } from "./till-gateway";

/** The deposit providers this process can use, by provider (built once at start). */
export type Payments = {
  /** The tenant's provider when its keys are configured; null: the reserve page stays a reservation request. */
  gatewayFor(tenant: Tenant): PaymentGateway | null;
  /** The gateway that verifies a provider's notifications. */
  stripe: PaymentGateway | null;
  till: PaymentGateway | null;
  stGeorge: PaymentGateway | null;
  /** The Payment Element for a Stripe tenant's shoppers with JavaScript; null: hosted Checkout only. */
  stripeElementFor(tenant: Tenant): StripeElementConfig | null;
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
  let till: PaymentGateway | null = null;
  const tillKeys = [env.TILL_API_KEY, env.TILL_USERNAME, env.TILL_PASSWORD, env.TILL_SHARED_SECRET];
  if (env.TILL_API_KEY && env.TILL_USERNAME && env.TILL_PASSWORD && env.TILL_SHARED_SECRET) {
    till = createTillGateway({
      apiKey: env.TILL_API_KEY,
      username: env.TILL_USERNAME,
      password: env.TILL_PASSWORD,
      sharedSecret: env.TILL_SHARED_SECRET,
      apiBase: env.TILL_API_BASE,
    });
    log.info({ apiBase: env.TILL_API_BASE ?? "gateway.tillpayments.com" }, "Till deposits on for sites with payment_provider Till");
  } else if (tillKeys.some(Boolean)) {
    log.warn("Till needs TILL_API_KEY, TILL_USERNAME, TILL_PASSWORD and TILL_SHARED_SECRET; deposits stay off");
  }
  let stGeorge: PaymentGateway | null = null;
  const stGeorgeKeys = [env.STGEORGE_STORE_ID, env.STGEORGE_SHARED_SECRET, env.STGEORGE_API_KEY, env.STGEORGE_API_SECRET];
  if (env.STGEORGE_STORE_ID && env.STGEORGE_SHARED_SECRET && env.STGEORGE_API_KEY && env.STGEORGE_API_SECRET) {
    stGeorge = createStGeorgeGateway({
      storeId: env.STGEORGE_STORE_ID,
      sharedSecret: env.STGEORGE_SHARED_SECRET,
      apiKey: env.STGEORGE_API_KEY,
      apiSecret: env.STGEORGE_API_SECRET,
      connectUrl: env.STGEORGE_CONNECT_URL,
      apiBase: env.STGEORGE_API_BASE,
    });
    log.info(
      { connectUrl: env.STGEORGE_CONNECT_URL ?? "www.ipg-online.com" },
      "St George deposits on for sites with payment_provider St George",
    );
  } else if (stGeorgeKeys.some(Boolean)) {
    log.warn("St George needs STGEORGE_STORE_ID, STGEORGE_SHARED_SECRET, STGEORGE_API_KEY and STGEORGE_API_SECRET; deposits stay off");
  }
  const stripeElement = stripe ? stripeElementConfig(env) : null;
  const byProvider: Record<PaymentProvider, PaymentGateway | null> = { Stripe: stripe, Till: till, "St George": stGeorge };
  return {
    stripe,
    till,
    stGeorge,
    stripeElementFor: (tenant) => (tenant.site.payment_provider === "Stripe" ? stripeElement : null),
    gatewayFor: (tenant) => (tenant.site.payment_provider ? byProvider[tenant.site.payment_provider] : null),
  };
}
