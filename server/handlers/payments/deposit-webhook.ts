import { json, type AppLoadContext } from "@remix-run/node";
import { submitLead } from "~/server/leads/submit";
import type { PaymentGateway } from "~/server/payments/gateway";
import { findPayment, firstDelivery, seenEvent, settlePayment } from "~/server/payments/payment-store";
import { canReserve } from "~/server/stock/can-reserve";
import { mockLeadsEnabled } from "~/server/handlers/shared/switches";

const noStore = { "Cache-Control": "no-store" };

export type DepositWebhookOptions = {
  /** Log name of the provider. */
  name: string;
  gateway: PaymentGateway | null;
  /** What the provider expects as the answer to a notification it may stop retrying (Till: the text "OK"). */
  accepted: () => Response;
};

/**
 * POST /webhooks/{provider}: the signed notification is the only thing that marks a vehicle reserved.
 * Paid: the vehicle is reserved under the stock lock if spec 000 §5 still allows it, and the waiting lead is
 * stored as a paid reservation; otherwise (reserved by an earlier payment, sold meanwhile) the payment is refunded
 * and the lead stored as refunded. Bad signature: 400, nothing changes. A replayed or repeated notification
 * changes nothing (the event id and the payment's status). The same for every provider.
 */
export async function depositWebhook(request: Request, context: AppLoadContext, options: DepositWebhookOptions): Promise<Response> {
  const { services, log } = context;
  const { gateway } = options;
  // A site that does not take deposits through this provider has no such endpoint, whatever the signature.
  if (!gateway || context.tenant.site.payment_provider !== gateway.provider)
    return json({ error: `${options.name} is not configured` }, { status: 404, headers: noStore });
  const url = new URL(request.url);
  const reading = gateway.readWebhook({ body: await request.text(), headers: request.headers, requestUri: url.pathname + url.search });
  if (reading.kind === "invalid") {
    log.warn({ provider: options.name }, "payment notification with a bad signature refused");
    return json({ error: "Invalid signature" }, { status: 400, headers: noStore });
  }
  const db = services.db.db;
  const now = Date.now();
  if (reading.kind === "ignored" || (await seenEvent(db, reading.eventId))) return options.accepted();

  const payment = await findPayment(db, null, reading.sessionId);
  const tenant = payment ? services.tenants.get(payment.tenant) : undefined;
  if (!payment || !tenant || payment.provider !== gateway.provider) {
    log.warn({ provider: options.name, session: reading.sessionId }, "payment notification for an unknown checkout");
  } else if (payment.status === "pending") {
    const outcome = await services.stock.reserveVehicle(tenant.slug, payment.vehicleId, (vehicle) => canReserve(vehicle, tenant.site), now);
    if (outcome === "refused" && reading.paymentIntent) {
      await gateway.refund(reading.paymentIntent, `refund:${payment.id}`, payment.amountCents, payment.currency);
    }
    const status = outcome === "reserved" ? "paid" : "refunded";
    const lead = {
      ...payment.lead,
      payment_status: status,
      deposit_paid: payment.amountCents / 100,
      payment_reference: reading.paymentIntent ?? payment.id,
    };
    const stored = await submitLead(db, { tenant, lead, mock: mockLeadsEnabled(context), now });
    await settlePayment(db, payment.id, { status, paymentIntent: reading.paymentIntent, leadId: stored.ok ? stored.lead_id : null }, now);
    log.info({ provider: options.name, session: payment.id, vehicle: payment.vehicleId, status }, "deposit settled");
  }
  await firstDelivery(db, reading.eventId, now);
  return options.accepted();
}
