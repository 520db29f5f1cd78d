import { json, type AppLoadContext } from "@remix-run/node";
import { submitLead } from "~/server/leads/submit";
import { findPayment, firstDelivery, seenEvent, settlePayment } from "~/server/payments/payment-store";
import { canReserve } from "~/server/stock/can-reserve";
import { mockLeadsEnabled } from "../leads/api";

const noStore = { "Cache-Control": "no-store" };

/**
 * POST /webhooks/stripe (issue 16): the signed notification (constructEvent with STRIPE_WEBHOOK_SECRET) is the
 * only thing that marks a vehicle reserved. Paid: the vehicle is reserved under the stock lock if spec 000 §5
 * still allows it, and the waiting lead is stored as a paid reservation; otherwise (reserved by an earlier
 * payment, sold meanwhile) the payment is refunded and the lead stored as refunded. Bad signature: 400, nothing
 * changes. A replayed or repeated notification changes nothing (the event id and the payment's status).
 */
export async function stripeWebhook(request: Request, context: AppLoadContext) {
  const { services, log } = context;
  const gateway = services.payments.stripe;
  if (!gateway) return json({ error: "Stripe is not configured" }, { status: 404, headers: noStore });
  const reading = gateway.readWebhook(await request.text(), request.headers.get("stripe-signature"));
  if (reading.kind === "invalid") {
    log.warn("stripe webhook with a bad signature refused");
    return json({ error: "Invalid signature" }, { status: 400, headers: noStore });
  }
  const db = services.db.db;
  const now = Date.now();
  if (reading.kind === "ignored" || (await seenEvent(db, reading.eventId))) return json({ received: true }, { headers: noStore });

  const payment = await findPayment(db, null, reading.sessionId);
  const tenant = payment ? services.tenants.get(payment.tenant) : undefined;
  if (!payment || !tenant) {
    log.warn({ session: reading.sessionId }, "stripe payment for an unknown checkout");
  } else if (payment.status === "pending") {
    const outcome = await services.stock.reserveVehicle(tenant.slug, payment.vehicleId, (vehicle) => canReserve(vehicle, tenant.site), now);
    if (outcome === "refused" && reading.paymentIntent) await gateway.refund(reading.paymentIntent, `refund:${payment.id}`);
    const status = outcome === "reserved" ? "paid" : "refunded";
    const lead = {
      ...payment.lead,
      payment_status: status,
      deposit_paid: payment.amountCents / 100,
      payment_reference: reading.paymentIntent ?? payment.id,
    };
    const stored = await submitLead(db, { tenant, lead, mock: mockLeadsEnabled(context), now });
    await settlePayment(db, payment.id, { status, paymentIntent: reading.paymentIntent, leadId: stored.ok ? stored.lead_id : null }, now);
    log.info({ session: payment.id, vehicle: payment.vehicleId, status }, "deposit settled");
  }
  await firstDelivery(db, reading.eventId, now);
  return json({ received: true }, { headers: noStore });
}
