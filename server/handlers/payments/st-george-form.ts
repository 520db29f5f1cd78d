import type { AppLoadContext } from "@remix-run/node";
import { findPayment } from "~/server/payments/payment-store";
import { webhookPath } from "~/server/payments/webhook-path";

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * GET /payments/st-george/{id}: IPG Connect's page is opened by a form POST, which a redirect cannot
 * make, so the checkout lands here: a page with the signed form (hash made now, so its txndatetime is fresh) and
 * one button. Plain HTML: it works without JavaScript and needs no script under the CSP.
 */
export async function stGeorgeForm(request: Request, context: AppLoadContext, id: string): Promise<Response> {
  const { services, tenant } = context;
  const gateway = services.payments.stGeorge;
  const payment = await findPayment(services.db.db, tenant.slug, id);
  if (!gateway?.hostedForm || !payment || payment.provider !== "St George" || payment.status !== "pending") {
    return new Response("Not found", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  const origin = new URL(request.url).origin;
  const form = gateway.hostedForm({
    id: payment.id,
    amountCents: payment.amountCents,
    currency: payment.currency,
    returnUrl: `${origin}/reservation?session_id=${encodeURIComponent(payment.id)}`,
    notifyUrl: `${origin}${webhookPath("St George")}`,
  });
  const inputs = Object.entries(form.fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join("");
  const amount = (payment.amountCents / 100).toFixed(2);
  const body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Pay your deposit – ${escapeHtml(tenant.site.name)}</title></head><body><main><h1>Pay your deposit</h1><p>${escapeHtml(tenant.site.name)} takes the ${escapeHtml(payment.currency)} ${amount} deposit on St George's secure payment page.</p><form method="post" action="${escapeHtml(form.action)}">${inputs}<button type="submit">Continue to secure payment</button></form></main></body></html>`;
  // The page posts to St George, so its form-action names that origin; it runs no script at all.
  const csp = `default-src 'none'; style-src 'unsafe-inline'; form-action 'self' ${new URL(form.action).origin}; frame-ancestors 'none'; base-uri 'none'`;
  return new Response(body, {
    status: 200,
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store", "Content-Security-Policy": csp },
  });
}
