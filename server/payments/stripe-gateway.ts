import type Stripe from "stripe";
import type { CheckoutInput, CheckoutStarted, IntentInput, IntentStarted, Notification, PaymentGateway, WebhookReading } from "./gateway";

export type StripeSettings = {
  secretKey: string;
  webhookSecret: string;
  /** Tests and DEMO_FAKES point the client at a local fake (http://127.0.0.1:port). */
  apiBase?: string;
};

/** The official client, loaded only when Stripe is configured. */
export async function createStripeGateway(settings: StripeSettings): Promise<PaymentGateway> {
  const { default: StripeClient } = await import("stripe");
  const base = settings.apiBase ? new URL(settings.apiBase) : null;
  const stripe: Stripe = new StripeClient(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 10_000,
    ...(base
      ? {
          host: base.hostname,
          port: Number(base.port || (base.protocol === "https:" ? 443 : 80)),
          protocol: base.protocol === "https:" ? "https" : "http",
        }
      : {}),
  });
  return {
    provider: "Stripe",
    async startCheckout(input: CheckoutInput): Promise<CheckoutStarted> {
      // Stripe Checkout (hosted page): works without JavaScript on our side; the webhook is the source of truth.
      const session = await stripe.checkout.sessions.create(
        {
          mode: "payment",
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: input.currency.toLowerCase(),
                unit_amount: input.amountCents,
                product_data: { name: input.description },
              },
            },
          ],
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
          metadata: input.metadata,
          payment_intent_data: { metadata: input.metadata },
        },
        { idempotencyKey: input.idempotencyKey },
      );
      if (!session.url) throw new Error("Stripe returned a checkout session without a URL");
      return { sessionId: session.id, redirectUrl: session.url };
    },
    async startIntent(input: IntentInput): Promise<IntentStarted> {
      // The Payment Element (JavaScript only): the browser confirms with the client secret; the webhook still decides.
      const intent = await stripe.paymentIntents.create(
        {
          amount: input.amountCents,
          currency: input.currency.toLowerCase(),
          description: input.description,
          automatic_payment_methods: { enabled: true },
          metadata: { ...input.metadata, payment_form: "element" },
        },
        { idempotencyKey: input.idempotencyKey },
      );
      if (!intent.client_secret) throw new Error("Stripe returned a payment intent without a client secret");
      return { id: intent.id, clientSecret: intent.client_secret };
    },
    readWebhook(notification: Notification): WebhookReading {
      const signature = notification.headers.get("stripe-signature");
      if (!signature) return { kind: "invalid" };
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(notification.body, signature, settings.webhookSecret);
      } catch {
        return { kind: "invalid" };
      }
      // A Payment Element payment is stored under its intent's id, so the intent is both the 'session' and the reference.
      // Hosted Checkout's own intents succeed too; those are settled by checkout.session.completed instead.
      if (event.type === "payment_intent.succeeded") {
        const intent = event.data.object;
        if (intent.metadata.payment_form !== "element") return { kind: "ignored", eventId: event.id };
        return { kind: "paid", eventId: event.id, sessionId: intent.id, paymentIntent: intent.id };
      }
      if (event.type !== "checkout.session.completed" && event.type !== "checkout.session.async_payment_succeeded") {
        return { kind: "ignored", eventId: event.id };
      }
      const session = event.data.object;
      if (session.payment_status !== "paid") return { kind: "ignored", eventId: event.id };
      const intent = typeof session.payment_intent === "string" ? session.payment_intent : (session.payment_intent?.id ?? null);
      return { kind: "paid", eventId: event.id, sessionId: session.id, paymentIntent: intent };
    },
    async refund(paymentIntent: string, idempotencyKey: string): Promise<void> {
      await stripe.refunds.create({ payment_intent: paymentIntent, reason: "duplicate" }, { idempotencyKey });
    },
  };
}
