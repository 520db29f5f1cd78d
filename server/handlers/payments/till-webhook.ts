import type { AppLoadContext } from "@remix-run/node";
import { depositWebhook } from "./deposit-webhook";

/** POST /webhooks/till: Till's status callback (X-Signature over method, body, type, Date and this path); Till stops retrying on the text "OK". */
export function tillWebhook(request: Request, context: AppLoadContext) {
  return depositWebhook(request, context, {
    name: "Till",
    gateway: context.services.payments.till,
    accepted: () =>
      new Response("OK", { status: 200, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } }),
  });
}
