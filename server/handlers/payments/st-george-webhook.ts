import type { AppLoadContext } from "@remix-run/node";
import { depositWebhook } from "./deposit-webhook";

/** POST /webhooks/st-george: IPG Connect's transaction notification (form fields, checked by notification_hash). */
export function stGeorgeWebhook(request: Request, context: AppLoadContext) {
  return depositWebhook(request, context, {
    name: "St George",
    gateway: context.services.payments.stGeorge,
    accepted: () =>
      new Response("OK", { status: 200, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } }),
  });
}
