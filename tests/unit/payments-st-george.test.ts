import { describe, expect, it } from "vitest";
import { createStGeorgeGateway } from "~/server/payments/st-george-gateway";
import { connectNotificationHash, connectRequestHash } from "~/server/payments/st-george-signature";

const SECRET = "ipg-shared-secret";
const gateway = createStGeorgeGateway({ storeId: "5921234567", sharedSecret: SECRET, apiKey: "k", apiSecret: "s" });

function notification(fields: Record<string, string>, secret = SECRET) {
  const all = {
    approval_code: "Y:123456:8000000001:PPX :stg_1",
    status: "APPROVED",
    oid: "stg_1",
    chargetotal: "500.00",
    currency: "036",
    txndatetime: "2026:11:23-04:00:00",
    ipgTransactionId: "8000000001",
    ...fields,
  };
  const hash = connectNotificationHash(secret, { ...all, storename: "5921234567" });
  return {
    body: new URLSearchParams({ ...all, notification_hash: hash }).toString(),
    headers: new Headers(),
    requestUri: "/webhooks/st-george",
  };
}

describe("St George (IPG Connect) deposits", () => {
  it("signs every form field but the hash, sorted by name, and keeps the amount, currency and order id", () => {
    const form = gateway.hostedForm?.({
      id: "stg_1",
      amountCents: 50000,
      currency: "AUD",
      returnUrl: "https://a/r",
      notifyUrl: "https://a/n",
    });
    if (!form) throw new Error("St George builds a hosted form");
    const { hashExtended, ...signed } = form.fields;
    expect(hashExtended).toBe(connectRequestHash(SECRET, signed));
    expect([signed.chargetotal, signed.currency, signed.oid, signed.txntype, signed.storename]).toEqual([
      "500.00",
      "036",
      "stg_1",
      "sale",
      "5921234567",
    ]);
    expect(signed.txndatetime).toMatch(/^\d{4}:\d{2}:\d{2}-\d{2}:\d{2}:\d{2}$/);
  });

  it("reads an approved notification as paid, a declined one as ignored, a wrong hash as invalid", () => {
    expect(gateway.readWebhook(notification({}))).toEqual({
      kind: "paid",
      eventId: "stgeorge:stg_1:8000000001:APPROVED",
      sessionId: "stg_1",
      paymentIntent: "8000000001",
    });
    expect(gateway.readWebhook(notification({ status: "DECLINED", approval_code: "N:05:Do not honour" })).kind).toBe("ignored");
    expect(gateway.readWebhook(notification({}, "another-secret")).kind).toBe("invalid");
  });
});
