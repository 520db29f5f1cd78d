import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { escapeHtml, readBody } from "./fake-http";
import { sameSignature } from "~/server/payments/same-signature";
import { connectNotificationHash, connectRequestHash, restMessageSignature } from "~/server/payments/st-george-signature";

/**
 * A local stand-in for St George's gateway (Fiserv IPG) as its public documentation describes it:
 * POST /connect/gateway/processing takes the Connect form (hashExtended checked) and shows the payment page;
 * its Pay button posts the notification (notification_hash) to transactionNotificationURL and returns to
 * responseSuccessURL. POST /api/payments/{ipgTransactionId} with requestType ReturnTransaction is the REST
 * refund (Message-Signature checked).
 */
export type FakeStGeorgeOrder = {
  oid: string;
  chargetotal: string;
  currency: string;
  successUrl: string;
  notifyUrl: string;
  ipgTransactionId: string;
};

export type StGeorgeDelivery = (order: FakeStGeorgeOrder, body: string) => Promise<{ status: number; body: string }>;

export type FakeStGeorge = {
  handle(req: IncomingMessage, res: ServerResponse, path: string): void;
  orders: Map<string, FakeStGeorgeOrder>;
  refunds: { ipgTransactionId: string; total: string }[];
  /** Submit a Connect form as the browser would (answers the order, or an error text). */
  open(fields: Record<string, string>): FakeStGeorgeOrder | string;
  pay(ipgTransactionId: string): Promise<{ status: number; answer: string; returnUrl: string; body: string }>;
  /** A notification body for an order, signed (or not) as IPG would send it. */
  notification(order: FakeStGeorgeOrder, overrides?: Record<string, string>): string;
};

export type FakeStGeorgeOptions = {
  storeId: string;
  sharedSecret: string;
  apiKey: string;
  apiSecret: string;
  deliver?: StGeorgeDelivery;
};

export function createFakeStGeorge(options: FakeStGeorgeOptions): FakeStGeorge {
  const orders = new Map<string, FakeStGeorgeOrder>();
  const refunds: FakeStGeorge["refunds"] = [];
  const deliver: StGeorgeDelivery =
    options.deliver ??
    (async (order, body) => {
      const response = await fetch(order.notifyUrl, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body,
      });
      return { status: response.status, body: await response.text() };
    });
  const notification: FakeStGeorge["notification"] = (order, overrides = {}) => {
    const fields: Record<string, string> = {
      approval_code: `Y:${randomBytes(3).toString("hex").toUpperCase()}:${order.ipgTransactionId}:PPX :${order.oid}`,
      status: "APPROVED",
      oid: order.oid,
      chargetotal: order.chargetotal,
      currency: order.currency,
      txndatetime: "2026:01:01-00:00:00",
      ipgTransactionId: order.ipgTransactionId,
      txntype: "sale",
      ...overrides,
    };
    fields.notification_hash ??= connectNotificationHash(options.sharedSecret, {
      chargetotal: fields.chargetotal ?? "",
      currency: fields.currency ?? "",
      txndatetime: fields.txndatetime ?? "",
      storename: options.storeId,
      approval_code: fields.approval_code ?? "",
    });
    return new URLSearchParams(fields).toString();
  };
  const open: FakeStGeorge["open"] = (fields) => {
    if (fields.storename !== options.storeId) return "Unknown store";
    if (!sameSignature(connectRequestHash(options.sharedSecret, fields), fields.hashExtended ?? null)) return "Hash mismatch";
    if (!fields.oid || !fields.responseSuccessURL || !fields.transactionNotificationURL || !(Number(fields.chargetotal) > 0))
      return "Missing field";
    const order: FakeStGeorgeOrder = {
      oid: fields.oid,
      chargetotal: fields.chargetotal ?? "",
      currency: fields.currency ?? "",
      successUrl: fields.responseSuccessURL,
      notifyUrl: fields.transactionNotificationURL,
      ipgTransactionId: String(80_000_000_000 + orders.size),
    };
    orders.set(order.ipgTransactionId, order);
    return order;
  };
  const pay: FakeStGeorge["pay"] = async (ipgTransactionId) => {
    const order = orders.get(ipgTransactionId);
    if (!order) throw new Error(`fake St George: no transaction ${ipgTransactionId}`);
    const body = notification(order);
    const answer = await deliver(order, body);
    return { status: answer.status, answer: answer.body, returnUrl: order.successUrl, body };
  };
  return {
    orders,
    refunds,
    open,
    pay,
    notification,
    handle(req, res, path) {
      const send = (status: number, type: string, body: string) => {
        res.writeHead(status, { "Content-Type": type });
        res.end(body);
      };
      void (async () => {
        const url = new URL(path, "http://fake");
        if (req.method === "POST" && url.pathname === "/connect/gateway/processing") {
          const order = open(Object.fromEntries(new URLSearchParams(await readBody(req))));
          if (typeof order === "string") return send(400, "text/plain; charset=utf-8", order);
          return send(
            200,
            "text/html; charset=utf-8",
            `<!doctype html><html lang="en"><head><title>Fake St George payment page</title></head><body><main><h1>Fake St George payment page</h1><p>Pay ${escapeHtml(order.chargetotal)} (test mode, no real card)</p><form method="post" action="pay/${order.ipgTransactionId}"><button type="submit">Pay</button></form></main></body></html>`,
          );
        }
        const pagePay = /^\/connect\/gateway\/pay\/(\d+)$/.exec(url.pathname);
        if (req.method === "POST" && pagePay) {
          const paid = await pay(pagePay[1] ?? "");
          res.writeHead(303, { Location: paid.returnUrl });
          return res.end();
        }
        const refund = /^\/api\/payments\/(\d+)$/.exec(url.pathname);
        if (req.method === "POST" && refund) {
          const body = await readBody(req);
          const header = (name: string) => String(req.headers[name] ?? "");
          const expected = restMessageSignature(options.apiSecret, {
            apiKey: options.apiKey,
            clientRequestId: header("client-request-id"),
            timestamp: header("timestamp"),
            body,
          });
          if (header("api-key") !== options.apiKey || !sameSignature(expected, header("message-signature"))) {
            return send(401, "application/json", JSON.stringify({ code: "401", message: "Unauthorized" }));
          }
          const input = JSON.parse(body) as { requestType?: string; transactionAmount?: { total?: string } };
          if (input.requestType !== "ReturnTransaction" || !orders.has(refund[1] ?? "")) {
            return send(400, "application/json", JSON.stringify({ transactionStatus: "DECLINED" }));
          }
          refunds.push({ ipgTransactionId: refund[1] ?? "", total: input.transactionAmount?.total ?? "" });
          return send(
            200,
            "application/json",
            JSON.stringify({ transactionStatus: "APPROVED", transactionType: "RETURN", ipgTransactionId: String(Date.now()) }),
          );
        }
        return send(404, "text/plain; charset=utf-8", "Not found");
      })().catch((error: unknown) => send(500, "text/plain; charset=utf-8", String(error)));
    },
  };
}
