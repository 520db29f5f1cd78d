import type { PaymentProvider } from "../tenants/schema";

/** Issue 16: what a deposit provider does for us, whichever it is (Stripe now; Till and St George hosted pages later). */
export type CheckoutInput = {
  amountCents: number;
  currency: string;
  /** What the shopper sees on the provider's page. */
  description: string;
  successUrl: string;
  cancelUrl: string;
  /** One per visitor and vehicle: a second submit reuses the same checkout instead of opening another. */
  idempotencyKey: string;
  metadata: Record<string, string>;
};

export type CheckoutStarted = { sessionId: string; redirectUrl: string };

export type WebhookReading =
  | { kind: "invalid" }
  | { kind: "ignored"; eventId: string }
  | { kind: "paid"; eventId: string; sessionId: string; paymentIntent: string | null };

export interface PaymentGateway {
  readonly provider: PaymentProvider;
  startCheckout(input: CheckoutInput): Promise<CheckoutStarted>;
  /** The notification, verified with the endpoint secret; `invalid` for a bad or missing signature. */
  readWebhook(rawBody: string, signature: string | null): WebhookReading;
  refund(paymentIntent: string, idempotencyKey: string): Promise<void>;
}
