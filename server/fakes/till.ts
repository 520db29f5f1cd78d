import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { escapeHtml, readBody } from "./fake-http";
import { sameSignature } from "~/server/payments/same-signature";
import { tillSignature } from "~/server/payments/till-signature";

/**
 * A local stand-in for Till Payments' Gateway API v3 as its documentation describes it: POST
 * /api/v3/transaction/{apiKey}/debit and /refund with Basic auth and the X-Signature header (checked), a
 * hosted payment page (/pay/{uuid}) whose Pay button sends the signed status callback to the transaction's
 * callbackUrl and returns to successUrl. A repeated merchantTransactionId is refused with error 3004 as Till does.
 */
export type FakeTillTransaction = {
  uuid: string;
  merchantTransactionId: string;
  amount: string;
  currency: string;
  successUrl: string;
  cancelUrl: string;
  callbackUrl: string;
};

/** Sends a callback body to the transaction's callbackUrl with the given headers; answers the HTTP status and body. */
export type TillCallbackDelivery = (
  transaction: FakeTillTransaction,
  body: string,
  headers: Record<string, string>,
) => Promise<{ status: number; body: string }>;

export type FakeTill = {
  handle(req: IncomingMessage, res: ServerResponse, path: string): void;
  transactions: Map<string, FakeTillTransaction>;
  refunds: { merchantTransactionId: string; referenceUuid: string; amount: string }[];
  /** Pay a transaction: the callback is signed and delivered. */
  pay(uuid: string): Promise<{ status: number; answer: string; returnUrl: string; body: string; headers: Record<string, string> }>;
  /** The headers Till would send with a callback body (Date, Content-Type, X-Signature). */
  sign(body: string, callbackUrl: string): Record<string, string>;
  deliver: TillCallbackDelivery;
};

export type FakeTillOptions = {
  apiKey: string;
  username: string;
  password: string;
  sharedSecret: string;
  publicBase: () => string;
  deliver?: TillCallbackDelivery;
};

const CONTENT_TYPE = "application/json; charset=utf-8";

export function createFakeTill(options: FakeTillOptions): FakeTill {
  const transactions = new Map<string, FakeTillTransaction>();
  const refunds: FakeTill["refunds"] = [];
  const usedIds = new Set<string>();
  const sign: FakeTill["sign"] = (body, callbackUrl) => {
    const url = new URL(callbackUrl);
    const date = new Date().toUTCString();
    const signature = tillSignature(options.sharedSecret, {
      method: "POST",
      body,
      contentType: CONTENT_TYPE,
      date,
      requestUri: url.pathname + url.search,
    });
    return { "Content-Type": CONTENT_TYPE, Date: date, "X-Signature": signature };
  };
  const deliver: TillCallbackDelivery =
    options.deliver ??
    (async (transaction, body, headers) => {
      const response = await fetch(transaction.callbackUrl, { method: "POST", headers, body });
      return { status: response.status, body: await response.text() };
    });
  const pay: FakeTill["pay"] = async (uuid) => {
    const transaction = transactions.get(uuid);
    if (!transaction) throw new Error(`fake Till: no transaction ${uuid}`);
    const body = JSON.stringify({
      result: "OK",
      uuid: transaction.uuid,
      merchantTransactionId: transaction.merchantTransactionId,
      purchaseId: `${new Date().toISOString().slice(0, 10).replace(/-/g, "")}-${transaction.uuid.slice(0, 16)}`,
      transactionType: "DEBIT",
      paymentMethod: "Creditcard",
      amount: transaction.amount,
      currency: transaction.currency,
      returnData: { _TYPE: "cardData", type: "visa", lastFourDigits: "1111" },
    });
    const headers = sign(body, transaction.callbackUrl);
    const answer = await deliver(transaction, body, headers);
    return { status: answer.status, answer: answer.body, returnUrl: transaction.successUrl, body, headers };
  };
  return {
    transactions,
    refunds,
    pay,
    sign,
    deliver,
    handle(req, res, path) {
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { "Content-Type": CONTENT_TYPE });
        res.end(JSON.stringify(body));
      };
      void (async () => {
        const url = new URL(path, "http://fake");
        const page = /^\/pay\/([a-f0-9]+)$/.exec(url.pathname);
        if (page) {
          const transaction = transactions.get(page[1] ?? "");
          if (!transaction) return send(404, { success: false, errors: [{ errorMessage: "Unknown transaction" }] });
          if (req.method === "POST") {
            const paid = await pay(transaction.uuid);
            res.writeHead(303, { Location: paid.returnUrl });
            return res.end();
          }
          res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
          return res.end(
            `<!doctype html><html lang="en"><head><title>Fake Till payment page</title></head><body><main><h1>Fake Till payment page</h1><p>Pay ${escapeHtml(transaction.amount)} ${escapeHtml(transaction.currency)} (test mode, no real card)</p><form method="post"><button type="submit">Pay</button></form><p><a href="${escapeHtml(transaction.cancelUrl)}">Cancel</a></p></main></body></html>`,
          );
        }
        const api = /^\/api\/v3\/transaction\/([^/]+)\/(debit|refund)$/.exec(url.pathname);
        if (!api || req.method !== "POST") return send(404, { success: false, errors: [{ errorMessage: "Not found" }] });
        const body = await readBody(req);
        const basic = `Basic ${Buffer.from(`${options.username}:${options.password}`).toString("base64")}`;
        const expected = tillSignature(options.sharedSecret, {
          method: "POST",
          body,
          contentType: String(req.headers["content-type"] ?? ""),
          date: String(req.headers.date ?? ""),
          requestUri: url.pathname,
        });
        if (decodeURIComponent(api[1] ?? "") !== options.apiKey || req.headers.authorization !== basic) {
          return send(401, { success: false, errors: [{ errorCode: 1002, errorMessage: "Invalid credentials" }] });
        }
        if (!sameSignature(expected, String(req.headers["x-signature"] ?? ""))) {
          return send(401, { success: false, errors: [{ errorCode: 1004, errorMessage: "Invalid signature" }] });
        }
        const input = JSON.parse(body) as Record<string, string | undefined>;
        const merchantTransactionId = input.merchantTransactionId ?? "";
        if (!merchantTransactionId || usedIds.has(merchantTransactionId)) {
          return send(200, {
            success: false,
            errors: [{ errorCode: 3004, errorMessage: `The transaction ID '${merchantTransactionId}' already exists!` }],
          });
        }
        usedIds.add(merchantTransactionId);
        const uuid = randomBytes(10).toString("hex");
        if (api[2] === "refund") {
          refunds.push({ merchantTransactionId, referenceUuid: input.referenceUuid ?? "", amount: input.amount ?? "" });
          return send(200, { success: true, uuid, purchaseId: uuid, returnType: "FINISHED", paymentMethod: "Creditcard" });
        }
        if (!input.successUrl || !input.callbackUrl || !(Number(input.amount) > 0)) {
          return send(200, { success: false, errors: [{ errorCode: 1003, errorMessage: "Missing successUrl, callbackUrl or amount" }] });
        }
        transactions.set(uuid, {
          uuid,
          merchantTransactionId,
          amount: input.amount ?? "",
          currency: input.currency ?? "AUD",
          successUrl: input.successUrl,
          cancelUrl: input.cancelUrl ?? input.successUrl,
          callbackUrl: input.callbackUrl,
        });
        return send(200, {
          success: true,
          uuid,
          purchaseId: uuid,
          returnType: "REDIRECT",
          redirectUrl: `${options.publicBase()}/pay/${uuid}`,
          paymentMethod: "Creditcard",
        });
      })().catch((error: unknown) => send(500, { success: false, errors: [{ errorMessage: String(error) }] }));
    },
  };
}
