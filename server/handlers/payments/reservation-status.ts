import { json, type AppLoadContext } from "@remix-run/node";
import { findPayment } from "~/server/payments/payment-store";
import { DEPOSIT_MESSAGES } from "~/server/reserve/messages";
import { vehicleHref } from "~/server/stock/can-reserve";
import { formatMoney } from "~/server/lib/format";

/**
 * /reservation?session_id=… (hosted checkout) or ?payment_intent=…&payment_intent_client_secret=… (Stripe.js after
 * the Payment Element): where the provider returns the shopper. It only reads: the webhook decides, so
 * a pending payment says so with a link to look again. An intent's payment is stored under the intent's id.
 */
export async function reservationStatus(request: Request, context: AppLoadContext) {
  const { site, slug } = context.tenant;
  const query = new URL(request.url).searchParams;
  const id = query.get("payment_intent") ?? query.get("session_id") ?? "";
  const payment = /^[A-Za-z0-9_]{1,255}$/.test(id) ? await findPayment(context.services.db.db, slug, id) : null;
  const headers = { "Cache-Control": "private, no-store" };
  if (!payment)
    return json(
      { status: "unknown" as const, message: DEPOSIT_MESSAGES.unknown, amount: null, vehicleHref: null, refreshHref: null },
      { status: 404, headers },
    );
  // Stripe.js returns with redirect_status=failed when a redirect-based method was declined: nothing was paid, so the
  // shopper is told rather than left 'confirming'. Only what is shown changes; the webhook alone settles a payment.
  const failed = payment.status === "pending" && query.get("redirect_status") === "failed";
  return json(
    {
      status: failed ? ("failed" as const) : payment.status,
      message: failed ? DEPOSIT_MESSAGES.cardFailed : DEPOSIT_MESSAGES[payment.status],
      amount: formatMoney(payment.amountCents / 100, site.locale),
      vehicleHref: vehicleHref({ slug: payment.vehicleSlug }, site),
      refreshHref: payment.status === "pending" && !failed ? `/reservation?session_id=${encodeURIComponent(payment.id)}` : null,
    },
    { headers },
  );
}
