import { createHmac, randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { escapeHtml, readBody } from "./fake-http";

/**
 * A local stand-in for the Stripe endpoints we use: POST /v1/checkout/sessions (with Idempotency-Key
 * replay), POST /v1/payment_intents (the same), GET /v1/payment_intents/{id}, the confirm call our fake Stripe.js
 * makes (sends `payment_intent.succeeded`), POST /v1/refunds, and a hosted "checkout page" (/pay/{session}) whose Pay button sends the signed
 * `checkout.session.completed` notification (Stripe's v1 signature scheme) and returns to success_url. The
 * official client is pointed at it with STRIPE_API_BASE; no test reaches the internet.
 */
export type FakeStripeSession = {
  id: string;
  amount_total: number;
  currency: string;
  success_url: string;
  cancel_url: string;
  payment_intent: string;
  metadata: Record<string, string>;
};

/** A PaymentIntent made for the Payment Element; `return_url` is known once it is confirmed. */
export type FakeStripeIntent = {
  id: string;
  client_secret: string;
  amount: number;
  currency: string;
  status: "requires_payment_method" | "succeeded";
  metadata: Record<string, string>;
};

/** Only the return address is read: the notification goes to its origin. */
export type WebhookDelivery = (body: string, signature: string, target: Pick<FakeStripeSession, "success_url">) => Promise<number>;

export type FakeStripe = {
  /** `path` is relative to the fake's mount point. */
  handle(req: IncomingMessage, res: ServerResponse, path: string): void;
  sessions: Map<string, FakeStripeSession>;
  intents: Map<string, FakeStripeIntent>;
  refunds: { id: string; payment_intent: string }[];
  /** Pay a session: the notification is signed and delivered; answers the webhook's status and the return URL. */
  pay(sessionId: string): Promise<{ webhookStatus: number; returnUrl: string; event: string; signature: string }>;
  /** Confirm an intent as the fake Stripe.js does: `payment_intent.succeeded` is signed and delivered to return_url's origin. */
  confirmIntent(intentId: string, returnUrl: string): Promise<{ webhookStatus: number; returnUrl: string; event: string }>;
  /** Deliver a body with any signature (bad signatures, replays). */
  deliver: WebhookDelivery;
  sign(body: string): string;
};

export type FakeStripeOptions = {
  webhookSecret: string;
  /** The hosted page's public base (the fake's own address as the browser sees it). */
  publicBase: () => string;
  /** Default: POST to {success_url origin}/webhooks/stripe. */
  deliver?: WebhookDelivery;
};

function id(prefix: string): string {
  return `${prefix}_test_${randomBytes(12).toString("hex")}`;
}

/**
 * A stand-in for Stripe.js with the calls our page makes: Stripe(pk).elements({clientSecret})
 * .create('payment').mount(el), and confirmPayment({elements, confirmParams: {return_url}}), which confirms on the
 * fake (the signed payment_intent.succeeded goes out) and leaves for return_url with Stripe's query.
 */
function fakeStripeJs(base: string): string {
  return `(function () {
  var base = ${JSON.stringify(base)};
  window.Stripe = function (publishableKey) {
    return {
      elements: function (options) {
        return {
          clientSecret: options.clientSecret,
          create: function () {
            var box = document.createElement("div");
            box.setAttribute("data-testid", "fake-payment-element");
            box.textContent = "Test card 4242 4242 4242 4242 (fake Stripe, " + publishableKey + ")";
            return {
              mount: function (target) {
                var el = typeof target === "string" ? document.querySelector(target) : target;
                el.appendChild(box);
              },
              destroy: function () { box.remove(); }
            };
          }
        };
      },
      confirmPayment: function (args) {
        var secret = args.elements.clientSecret;
        var intent = secret.split("_secret_")[0];
        return fetch(base + "/v1/payment_intents/" + intent + "/confirm", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ client_secret: secret, return_url: args.confirmParams.return_url })
        }).then(function (response) { return response.json(); }).then(function (answer) {
          if (answer.return_url) { window.location.assign(answer.return_url); return {}; }
          return { error: { message: (answer.error && answer.error.message) || "Payment failed" } };
        });
      }
    };
  };
})();
`;
}

export function createFakeStripe(options: FakeStripeOptions): FakeStripe {
  const sessions = new Map<string, FakeStripeSession>();
  const idempotent = new Map<string, string>();
  const refunds: FakeStripe["refunds"] = [];
  const sign = (body: string) => {
    const t = Math.floor(Date.now() / 1000);
    return `t=${t},v1=${createHmac("sha256", options.webhookSecret).update(`${t}.${body}`).digest("hex")}`;
  };
  const deliver: WebhookDelivery =
    options.deliver ??
    (async (body, signature, session) => {
      const response = await fetch(`${new URL(session.success_url).origin}/webhooks/stripe`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "Stripe-Signature": signature },
        body,
      });
      return response.status;
    });
  const pay: FakeStripe["pay"] = async (sessionId) => {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`fake Stripe: no session ${sessionId}`);
    const event = JSON.stringify({
      id: id("evt"),
      object: "event",
      type: "checkout.session.completed",
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      data: { object: { ...session, object: "checkout.session", payment_status: "paid", status: "complete" } },
    });
    const signature = sign(event);
    const webhookStatus = await deliver(event, signature, session);
    return { webhookStatus, returnUrl: session.success_url.replace("{CHECKOUT_SESSION_ID}", session.id), event, signature };
  };
  const intents = new Map<string, FakeStripeIntent>();
  const confirmIntent: FakeStripe["confirmIntent"] = async (intentId, returnUrl) => {
    const intent = intents.get(intentId);
    if (!intent) throw new Error(`fake Stripe: no payment intent ${intentId}`);
    intent.status = "succeeded";
    const event = JSON.stringify({
      id: id("evt"),
      object: "event",
      type: "payment_intent.succeeded",
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      data: { object: { ...intent, object: "payment_intent" } },
    });
    const webhookStatus = await deliver(event, sign(event), { success_url: returnUrl });
    const back = new URL(returnUrl);
    back.searchParams.set("payment_intent", intent.id);
    back.searchParams.set("payment_intent_client_secret", intent.client_secret);
    back.searchParams.set("redirect_status", "succeeded");
    return { webhookStatus, returnUrl: back.toString(), event };
  };
  const stripe: FakeStripe = {
    sessions,
    intents,
    refunds,
    pay,
    confirmIntent,
    sign,
    deliver,
    handle(req, res, path) {
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { "Content-Type": "application/json" });
        res.end(JSON.stringify(body));
      };
      void (async () => {
        const url = new URL(path, "http://fake");
        if (req.method === "GET" && url.pathname === "/v3.js") {
          res.writeHead(200, { "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "no-store" });
          return res.end(fakeStripeJs(options.publicBase()));
        }
        const pageMatch = /^\/pay\/([A-Za-z0-9_]+)$/.exec(url.pathname);
        if (pageMatch) {
          const session = sessions.get(pageMatch[1] ?? "");
          if (!session) return send(404, { error: { message: "No such checkout session" } });
          if (req.method === "POST") {
            const paid = await pay(session.id);
            res.writeHead(303, { Location: paid.returnUrl });
            return res.end();
          }
          res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
          return res.end(
            `<!doctype html><html lang="en"><head><title>Fake Stripe Checkout</title></head><body><main><h1>Fake Stripe Checkout</h1><p>Pay ${(session.amount_total / 100).toFixed(2)} ${escapeHtml(session.currency.toUpperCase())} (test mode, no real card)</p><form method="post"><button type="submit">Pay</button></form><p><a href="${escapeHtml(session.cancel_url)}">Cancel</a></p></main></body></html>`,
          );
        }
        const confirmMatch = /^\/v1\/payment_intents\/([A-Za-z0-9_]+)\/confirm$/.exec(url.pathname);
        if (req.method === "POST" && confirmMatch) {
          // Stripe.js confirms with the publishable key and the client secret, not the secret key.
          const body = JSON.parse((await readBody(req)) || "{}") as { client_secret?: string; return_url?: string };
          const intent = intents.get(confirmMatch[1] ?? "");
          if (!intent || body.client_secret !== intent.client_secret || !body.return_url)
            return send(400, { error: { message: "No such payment_intent or wrong client secret" } });
          const confirmed = await confirmIntent(intent.id, body.return_url);
          return send(200, { status: "succeeded", return_url: confirmed.returnUrl });
        }
        if (req.headers.authorization?.startsWith("Bearer ") !== true) return send(401, { error: { message: "No API key provided" } });
        const form = new URLSearchParams(await readBody(req));
        if (req.method === "POST" && url.pathname === "/v1/checkout/sessions") {
          const key = String(req.headers["idempotency-key"] ?? "");
          const known = key ? idempotent.get(key) : undefined;
          const existing = known ? sessions.get(known) : undefined;
          if (existing) return send(200, { ...existing, object: "checkout.session", url: `${options.publicBase()}/pay/${existing.id}` });
          const metadata: Record<string, string> = {};
          for (const [name, value] of form) {
            const match = /^metadata\[(.+)\]$/.exec(name);
            if (match?.[1]) metadata[match[1]] = value;
          }
          const session: FakeStripeSession = {
            id: id("cs"),
            amount_total: Number(form.get("line_items[0][price_data][unit_amount]") ?? 0),
            currency: form.get("line_items[0][price_data][currency]") ?? "aud",
            success_url: form.get("success_url") ?? "",
            cancel_url: form.get("cancel_url") ?? "",
            payment_intent: id("pi"),
            metadata,
          };
          if (!session.success_url || session.amount_total <= 0) return send(400, { error: { message: "Missing success_url or amount" } });
          sessions.set(session.id, session);
          if (key) idempotent.set(key, session.id);
          return send(200, {
            ...session,
            object: "checkout.session",
            url: `${options.publicBase()}/pay/${session.id}`,
            payment_status: "unpaid",
          });
        }
        if (req.method === "POST" && url.pathname === "/v1/payment_intents") {
          const key = String(req.headers["idempotency-key"] ?? "");
          const known = key ? idempotent.get(key) : undefined;
          const existing = known ? intents.get(known) : undefined;
          if (existing) return send(200, { ...existing, object: "payment_intent" });
          const metadata: Record<string, string> = {};
          for (const [name, value] of form) {
            const match = /^metadata\[(.+)\]$/.exec(name);
            if (match?.[1]) metadata[match[1]] = value;
          }
          const intentId = id("pi");
          const intent: FakeStripeIntent = {
            id: intentId,
            client_secret: `${intentId}_secret_${randomBytes(8).toString("hex")}`,
            amount: Number(form.get("amount") ?? 0),
            currency: form.get("currency") ?? "aud",
            status: "requires_payment_method",
            metadata,
          };
          if (intent.amount <= 0) return send(400, { error: { message: "Missing amount" } });
          intents.set(intent.id, intent);
          if (key) idempotent.set(key, intent.id);
          return send(200, { ...intent, object: "payment_intent" });
        }
        const intentMatch = /^\/v1\/payment_intents\/([A-Za-z0-9_]+)$/.exec(url.pathname);
        if (req.method === "GET" && intentMatch) {
          const intent = intents.get(intentMatch[1] ?? "");
          if (!intent) return send(404, { error: { message: "No such payment_intent" } });
          return send(200, { ...intent, object: "payment_intent" });
        }
        if (req.method === "POST" && url.pathname === "/v1/refunds") {
          const intent = form.get("payment_intent") ?? "";
          const key = String(req.headers["idempotency-key"] ?? "");
          const existing = refunds.find((refund) => refund.id === `re_${key}`);
          if (existing) return send(200, { ...existing, object: "refund", status: "succeeded" });
          const refund = { id: key ? `re_${key}` : id("re"), payment_intent: intent };
          refunds.push(refund);
          return send(200, { ...refund, object: "refund", status: "succeeded" });
        }
        return send(404, { error: { message: `Unrecognized request URL (${req.method} ${url.pathname})` } });
      })().catch((error: unknown) => send(500, { error: { message: String(error) } }));
    },
  };
  return stripe;
}
