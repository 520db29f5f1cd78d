import { randomBytes } from "node:crypto";
import type { CheckoutInput, CheckoutStarted, Notification, PaymentGateway, WebhookReading } from "./gateway";
import { sameSignature } from "./same-signature";
import { tillSignature } from "./till-signature";

export type TillSettings = {
  apiKey: string;
  username: string;
  password: string;
  sharedSecret: string;
  /** Default https://gateway.tillpayments.com; tests and DEMO_FAKES point it at the local fake. */
  apiBase?: string;
};

const CONTENT_TYPE = "application/json; charset=utf-8";
/** A callback older than this (by its signed Date header) is refused: a captured callback cannot be replayed much later. */
const CALLBACK_MAX_AGE_MS = 15 * 60_000;

type TillReply = { success?: boolean; uuid?: string; purchaseId?: string; returnType?: string; redirectUrl?: string; errors?: unknown };

/**
 * Till's hosted payment page. A `debit` transaction without card data answers returnType REDIRECT
 * and the payment page's URL; the shopper comes back to successUrl, and the outcome arrives as the signed
 * status callback (POST {callbackUrl}, answered "OK"). merchantTransactionId is our payment id.
 */
export function createTillGateway(settings: TillSettings): PaymentGateway {
  const base = (settings.apiBase ?? "https://gateway.tillpayments.com").replace(/\/$/, "");
  const call = async (operation: "debit" | "refund", payload: Record<string, unknown>): Promise<TillReply> => {
    const requestUri = `/api/v3/transaction/${encodeURIComponent(settings.apiKey)}/${operation}`;
    const body = JSON.stringify(payload);
    const date = new Date().toUTCString();
    const response = await fetch(`${base}${requestUri}`, {
      method: "POST",
      signal: AbortSignal.timeout(10_000),
      headers: {
        "Content-Type": CONTENT_TYPE,
        Date: date,
        Authorization: `Basic ${Buffer.from(`${settings.username}:${settings.password}`).toString("base64")}`,
        "X-Signature": tillSignature(settings.sharedSecret, { method: "POST", body, contentType: CONTENT_TYPE, date, requestUri }),
      },
      body,
    });
    const reply = (await response.json().catch(() => ({}))) as TillReply;
    if (!response.ok || reply.success !== true)
      throw new Error(`Till ${operation} failed (${response.status}): ${JSON.stringify(reply.errors ?? reply)}`);
    return reply;
  };
  return {
    provider: "Till",
    async startCheckout(input: CheckoutInput): Promise<CheckoutStarted> {
      // Till has no idempotency key: a repeated merchantTransactionId is refused (error 3004), so each submit is a
      // new transaction and a second payment for the car is refunded by the notification handler.
      const id = `till_${randomBytes(12).toString("hex")}`;
      const withId = (url: string) => url.replace("{CHECKOUT_SESSION_ID}", id);
      const reply = await call("debit", {
        merchantTransactionId: id,
        amount: (input.amountCents / 100).toFixed(2),
        currency: input.currency.toUpperCase(),
        description: input.description,
        successUrl: withId(input.successUrl),
        cancelUrl: withId(input.cancelUrl),
        errorUrl: withId(input.cancelUrl),
        callbackUrl: input.notifyUrl,
        extraData: input.metadata,
      });
      if (reply.returnType !== "REDIRECT" || !reply.redirectUrl)
        throw new Error(`Till debit returned ${reply.returnType ?? "no returnType"}`);
      return { sessionId: id, redirectUrl: reply.redirectUrl };
    },
    readWebhook(notification: Notification): WebhookReading {
      const date = notification.headers.get("date") ?? "";
      const expected = tillSignature(settings.sharedSecret, {
        method: "POST",
        body: notification.body,
        contentType: notification.headers.get("content-type") ?? "",
        date,
        requestUri: notification.requestUri,
      });
      if (!sameSignature(expected, notification.headers.get("x-signature"))) return { kind: "invalid" };
      const sent = Date.parse(date);
      if (!Number.isFinite(sent) || Math.abs(Date.now() - sent) > CALLBACK_MAX_AGE_MS) return { kind: "invalid" };
      let callback: { result?: string; uuid?: string; merchantTransactionId?: string; transactionType?: string };
      try {
        callback = JSON.parse(notification.body) as typeof callback;
      } catch {
        return { kind: "invalid" };
      }
      // The callback's own uuid is the transaction's; one transaction settles once, so it is the event id too.
      const eventId = `till:${callback.uuid ?? ""}:${callback.transactionType ?? ""}:${callback.result ?? ""}`;
      if (callback.transactionType !== "DEBIT" || callback.result !== "OK" || !callback.merchantTransactionId || !callback.uuid) {
        return { kind: "ignored", eventId };
      }
      return { kind: "paid", eventId, sessionId: callback.merchantTransactionId, paymentIntent: callback.uuid };
    },
    async refund(reference: string, idempotencyKey: string, amountCents: number, currency: string): Promise<void> {
      await call("refund", {
        // The refund's own merchantTransactionId: a retried refund is refused as a duplicate instead of paid twice.
        merchantTransactionId: idempotencyKey.replace(/[^A-Za-z0-9_-]/g, "_"),
        referenceUuid: reference,
        amount: (amountCents / 100).toFixed(2),
        currency: currency.toUpperCase(),
      });
    },
  };
}
