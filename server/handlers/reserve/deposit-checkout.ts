import { json, redirectDocument, type AppLoadContext, type TypedResponse } from "@remix-run/node";
import type { Lead } from "~/server/leads/lead-object";
import type { PaymentGateway } from "~/server/payments/gateway";
import { savePendingPayment } from "~/server/payments/payment-store";
import { webhookPath } from "~/server/payments/webhook-path";
import { DEPOSIT_MESSAGES } from "~/server/reserve/messages";
import { reserveHref } from "~/server/stock/can-reserve";
import type { Vehicle } from "~/server/stock/vehicle";
import { vehicleTitle } from "~/server/stock/vehicle-title";
import { readVisitor } from "~/server/visitor/cookie";
import type { LeadFormActionData } from "~/server/handlers/leads";

export type DepositCheckoutInput = {
  request: Request;
  context: AppLoadContext;
  vehicle: Vehicle;
  deposit: number;
  gateway: PaymentGateway;
};

/**
 * The validated reservation becomes a checkout on the provider's hosted page (303 there, no
 * JavaScript needed); the lead waits in `payments` and is stored once the signed notification says paid.
 */
export function depositCheckout({ request, context, vehicle, deposit, gateway }: DepositCheckoutInput) {
  return async (lead: Lead): Promise<TypedResponse<LeadFormActionData> | TypedResponse<never>> => {
    const { tenant, services, log } = context;
    const now = Date.now();
    const visitor = await readVisitor(request, services.cookies, now, context.newVisitorDeviceId);
    const origin = new URL(request.url).origin;
    const amountCents = Math.round(deposit * 100);
    const metadata = { tenant: tenant.slug, vehicle_id: String(vehicle.id), stocknum: vehicle.stocknum };
    const description = `Deposit: ${vehicleTitle(vehicle)} (stock ${vehicle.stocknum})`;
    // The Payment Element's script posts here with ?payment=element and pays on our page.
    const onPage = new URL(request.url).searchParams.get("payment") === "element" && gateway.startIntent !== undefined;
    const pending = (id: string) =>
      savePendingPayment(
        services.db.db,
        {
          id,
          tenant: tenant.slug,
          provider: gateway.provider,
          vehicleId: vehicle.id,
          vehicleSlug: vehicle.slug,
          amountCents,
          currency: tenant.site.currency,
          lead: { ...lead, payment_status: "pending" },
        },
        now,
      );
    try {
      if (onPage && gateway.startIntent) {
        const intent = await gateway.startIntent({
          amountCents,
          currency: tenant.site.currency,
          description,
          // One intent per visitor, vehicle and amount, like the hosted checkout (a separate key: a different object).
          idempotencyKey: `deposit-intent:${tenant.slug}:${visitor.device_id}:${vehicle.id}:${amountCents}`,
          metadata,
        });
        await pending(intent.id);
        log.info({ intent: intent.id, vehicle: vehicle.id }, "deposit payment intent started");
        return json<LeadFormActionData>(
          {
            result: { status: "success" },
            failed: false,
            payment: { clientSecret: intent.clientSecret, returnUrl: `${origin}/reservation` },
          },
          { headers: { "Cache-Control": "no-store" } },
        );
      }
      const started = await gateway.startCheckout({
        amountCents,
        currency: tenant.site.currency,
        description,
        successUrl: `${origin}/reservation?session_id={CHECKOUT_SESSION_ID}`,
        cancelUrl: `${origin}${reserveHref(vehicle, tenant.site)}`,
        notifyUrl: `${origin}${webhookPath(gateway.provider)}`,
        // One checkout per visitor and vehicle (and amount: a changed deposit is a new checkout).
        idempotencyKey: `deposit:${tenant.slug}:${visitor.device_id}:${vehicle.id}:${amountCents}`,
        metadata,
      });
      await pending(started.sessionId);
      log.info({ session: started.sessionId, vehicle: vehicle.id }, "deposit checkout started");
      // A document redirect: with JavaScript on, Remix would otherwise fetch the provider's page (or our St George
      // form, a resource route) as route data and render nothing, or fail on a page that is not a route.
      return redirectDocument(started.redirectUrl, { status: 303, headers: { "Cache-Control": "no-store" } });
    } catch (error) {
      log.error({ err: error, vehicle: vehicle.id }, "deposit checkout could not start");
      return json<LeadFormActionData>(
        { result: { status: "error", error: { "": [DEPOSIT_MESSAGES.paymentsDown] } }, failed: true },
        { status: 503, headers: { "Cache-Control": "no-store" } },
      );
    }
  };
}
