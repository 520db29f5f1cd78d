import { randomBytes, randomUUID } from "node:crypto";
import type { CheckoutInput, CheckoutStarted, HostedForm, Notification, PaymentGateway, WebhookReading } from "./gateway";
import { sameSignature } from "./same-signature";
import { connectNotificationHash, connectRequestHash, NUMERIC_CURRENCY, restMessageSignature } from "./st-george-signature";

export type StGeorgeSettings = {
  /** IPG store id (`storename`) and its Connect shared secret. */
  storeId: string;
  sharedSecret: string;
  /** The IPG REST API key and secret (refunds). */
  apiKey: string;
  apiSecret: string;
  /** Default https://www.ipg-online.com/connect/gateway/processing; tests and DEMO_FAKES use the local fake. */
  connectUrl?: string;
  /** Default https://prod.api.firstdata.com/gateway/v2; tests and DEMO_FAKES use the local fake. */
  apiBase?: string;
};

/** IPG Connect's txndatetime: YYYY:MM:DD-hh:mm:ss in the `timezone` field's zone (UTC here, which IPG accepts as "UTC"). */
function txnDateTime(now: Date): string {
  const iso = now.toISOString();
  return `${iso.slice(0, 4)}:${iso.slice(5, 7)}:${iso.slice(8, 10)}-${iso.slice(11, 19)}`;
}

/**
 * St George (Fiserv IPG Connect). Unlike Stripe and Till, the hosted page is opened by a form POST from
 * the shopper's browser, so the checkout redirects to our own page (/payments/st-george/{oid}) holding the signed
 * form, and the shopper presses its button (no JavaScript needed). The outcome arrives as the notification posted
 * to transactionNotificationURL, checked by notification_hash. The order id (`oid`) is our payment id.
 */
export function createStGeorgeGateway(settings: StGeorgeSettings): PaymentGateway {
  const connectUrl = settings.connectUrl ?? "https://www.ipg-online.com/connect/gateway/processing";
  const apiBase = (settings.apiBase ?? "https://prod.api.firstdata.com/gateway/v2").replace(/\/$/, "");
  return {
    provider: "St George",
    startCheckout(input: CheckoutInput): Promise<CheckoutStarted> {
      const id = `stg_${randomBytes(12).toString("hex")}`;
      return Promise.resolve({ sessionId: id, redirectUrl: `${new URL(input.successUrl).origin}/payments/st-george/${id}` });
    },
    hostedForm(input): HostedForm {
      const fields: Record<string, string> = {
        txntype: "sale",
        timezone: "UTC",
        txndatetime: txnDateTime(new Date()),
        hash_algorithm: "HMACSHA256",
        storename: settings.storeId,
        chargetotal: (input.amountCents / 100).toFixed(2),
        currency: NUMERIC_CURRENCY[input.currency.toUpperCase()] ?? "036",
        oid: input.id,
        checkoutoption: "combinedpage",
        responseSuccessURL: input.returnUrl,
        responseFailURL: input.returnUrl,
        transactionNotificationURL: input.notifyUrl,
      };
      return { action: connectUrl, fields: { ...fields, hashExtended: connectRequestHash(settings.sharedSecret, fields) } };
    },
    readWebhook(notification: Notification): WebhookReading {
      const form = new URLSearchParams(notification.body);
      const field = (name: string) => form.get(name) ?? "";
      const expected = connectNotificationHash(settings.sharedSecret, {
        chargetotal: field("chargetotal"),
        currency: field("currency"),
        txndatetime: field("txndatetime"),
        storename: settings.storeId,
        approval_code: field("approval_code"),
      });
      if (!sameSignature(expected, form.get("notification_hash"))) return { kind: "invalid" };
      const transaction = field("ipgTransactionId");
      const eventId = `stgeorge:${field("oid")}:${transaction}:${field("status")}`;
      // approval_code starts with Y for an approved payment; status APPROVED says the same in words.
      if (field("status") !== "APPROVED" || !field("approval_code").startsWith("Y") || !field("oid") || !transaction) {
        return { kind: "ignored", eventId };
      }
      return { kind: "paid", eventId, sessionId: field("oid"), paymentIntent: transaction };
    },
    async refund(reference: string, idempotencyKey: string, amountCents: number, currency: string): Promise<void> {
      const body = JSON.stringify({
        requestType: "ReturnTransaction",
        transactionAmount: { total: (amountCents / 100).toFixed(2), currency: currency.toUpperCase() },
        merchantTransactionId: idempotencyKey.replace(/[^A-Za-z0-9_-]/g, "_"),
      });
      const clientRequestId = randomUUID();
      const timestamp = String(Date.now());
      const response = await fetch(`${apiBase}/payments/${encodeURIComponent(reference)}`, {
        method: "POST",
        signal: AbortSignal.timeout(10_000),
        headers: {
          "Content-Type": "application/json",
          "Api-Key": settings.apiKey,
          "Client-Request-Id": clientRequestId,
          Timestamp: timestamp,
          "Message-Signature": restMessageSignature(settings.apiSecret, { apiKey: settings.apiKey, clientRequestId, timestamp, body }),
        },
        body,
      });
      const reply = (await response.json().catch(() => ({}))) as { transactionStatus?: string };
      if (!response.ok || reply.transactionStatus !== "APPROVED") throw new Error(`St George refund failed (${response.status})`);
    },
  };
}
