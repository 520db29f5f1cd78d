import { describe, expect, it } from "vitest";
import { createTillGateway } from "~/server/payments/till-gateway";
import { tillSignature } from "~/server/payments/till-signature";

const SECRET = "till-shared-secret";
const gateway = createTillGateway({ apiKey: "key", username: "user", password: "pass", sharedSecret: SECRET });
const TYPE = "application/json; charset=utf-8";

function callback(body: object, options: { date?: Date; path?: string; secret?: string } = {}) {
  const text = JSON.stringify(body);
  const date = (options.date ?? new Date()).toUTCString();
  const path = options.path ?? "/webhooks/till";
  const signature = tillSignature(options.secret ?? SECRET, { method: "POST", body: text, contentType: TYPE, date, requestUri: path });
  return { body: text, requestUri: "/webhooks/till", headers: new Headers({ "content-type": TYPE, date, "x-signature": signature }) };
}

const paid = { result: "OK", uuid: "abc123", merchantTransactionId: "till_1", transactionType: "DEBIT", amount: "300.00" };

describe("Till status callback", () => {
  it("reads a signed, successful debit as paid with Till's uuid as the refund reference", () => {
    expect(gateway.readWebhook(callback(paid))).toEqual({
      kind: "paid",
      eventId: "till:abc123:DEBIT:OK",
      sessionId: "till_1",
      paymentIntent: "abc123",
    });
  });

  it("ignores a signed callback that is not a successful debit", () => {
    expect(gateway.readWebhook(callback({ ...paid, result: "ERROR" })).kind).toBe("ignored");
    expect(gateway.readWebhook(callback({ ...paid, transactionType: "REFUND" })).kind).toBe("ignored");
  });

  it("refuses another secret, another path, and a Date more than 15 minutes away", () => {
    expect(gateway.readWebhook(callback(paid, { secret: "other" })).kind).toBe("invalid");
    expect(gateway.readWebhook(callback(paid, { path: "/webhooks/stripe" })).kind).toBe("invalid");
    expect(gateway.readWebhook(callback(paid, { date: new Date(Date.now() - 16 * 60_000) })).kind).toBe("invalid");
    expect(gateway.readWebhook(callback(paid, { date: new Date(Date.now() - 14 * 60_000) })).kind).toBe("paid");
  });
});
