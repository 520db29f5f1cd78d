import type { PaymentProvider } from "~/server/tenants/schema";

/** What a deposit provider does for us, whichever it is (Stripe Checkout, Till's hosted payment page). */
export type CheckoutInput = {
  amountCents: number;
  currency: string;
  /** What the shopper sees on the provider's page. */
  description: string;
  /** `{CHECKOUT_SESSION_ID}` is replaced with the provider's id for this checkout. */
  successUrl: string;
  cancelUrl: string;
  /** Where providers that take the notification address per payment (Till) send it. */
  notifyUrl: string;
  /** One per visitor and vehicle: a second submit reuses the same checkout instead of opening another. */
  idempotencyKey: string;
  metadata: Record<string, string>;
};

export type CheckoutStarted = { sessionId: string; redirectUrl: string };

/** A payment taken on our own page (Stripe's Payment Element, with JavaScript). */
export type IntentInput = Pick<CheckoutInput, "amountCents" | "currency" | "description" | "idempotencyKey" | "metadata">;
export type IntentStarted = { id: string; clientSecret: string };

export type WebhookReading =
  | { kind: "invalid" }
  | { kind: "ignored"; eventId: string }
  | { kind: "paid"; eventId: string; sessionId: string; paymentIntent: string | null };

/** A provider's notification as received: raw body, headers, and the path it was posted to (Till signs it). */
export type Notification = { body: string; headers: Headers; requestUri: string };

/** A hosted page opened by a form POST from the browser (St George / IPG Connect). */
export type HostedForm = { action: string; fields: Record<string, string> };
export type HostedFormInput = { id: string; amountCents: number; currency: string; returnUrl: string; notifyUrl: string };

export interface PaymentGateway {
  readonly provider: PaymentProvider;
  startCheckout(input: CheckoutInput): Promise<CheckoutStarted>;
  /** The notification, verified with the endpoint secret; `invalid` for a bad or missing signature. */
  /** Only for providers whose page is reached by a POST: the signed form our /payments/{provider}/{id} page shows. */
  hostedForm?(input: HostedFormInput): HostedForm;
  /** Only for providers with an on-page payment (Stripe): the intent the browser confirms with its client secret. */
  startIntent?(input: IntentInput): Promise<IntentStarted>;
  readWebhook(notification: Notification): WebhookReading;
  refund(reference: string, idempotencyKey: string, amountCents: number, currency: string): Promise<void>;
}
