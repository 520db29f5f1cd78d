import type { SerializeFrom } from "@remix-run/node";
import type { LeadFormView } from "~/server/handlers/leads/form-view";
import { RESERVE_MESSAGES, DEPOSIT_MESSAGES } from "~/server/reserve/messages";
import type { ReserveView } from "~/server/reserve/reserve-view";
import { FormDialog } from "../forms/form-dialog";
import { LeadForm } from "../forms/lead-form";
import { WeAccept } from "../vehicle/we-accept";
import { useLocalise } from "~/app/lib/site-locale";
import { useActionData } from "@remix-run/react";
import type { LeadFormActionData } from "~/server/handlers/leads/form-action";
import type { StripeElementConfig } from "~/server/payments/stripe-element";
import { useHydrated } from "../vehicle/use-hydrated";
import { loadStripeJs, StripePayment } from "./stripe-payment";

// The vehicle page's reserve button and the cards' Reserve link, whichever spelling the site uses.
const TRIGGERS = 'a[href$="/checkout"], a[href$="/buy-online"]';

/** The vehicle, its price, the deposit and who takes it: what the shopper is reserving. */
function ReserveSummary({ reserve }: { reserve: SerializeFrom<ReserveView> }) {
  return (
    <section className="mb-6 space-y-4" aria-label="Your reservation" data-testid="reserve-summary">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <dt className="font-semibold">Vehicle</dt>
        <dd data-testid="reserve-title">{reserve.title}</dd>
        <dt className="font-semibold">Price</dt>
        <dd data-testid="reserve-price">{reserve.price}</dd>
        <dt className="font-semibold">Deposit</dt>
        <dd data-testid="reserve-deposit">{reserve.deposit ?? RESERVE_MESSAGES.depositToConfirm}</dd>
        <dt className="font-semibold">Payment provider</dt>
        <dd data-testid="reserve-provider">{reserve.provider}</dd>
      </dl>
      <p className="rounded border border-gray-300 bg-gray-50 p-3 text-sm" data-testid="reserve-notice">
        {reserve.onlinePayment ? DEPOSIT_MESSAGES.payNotice : RESERVE_MESSAGES.depositNotice}
      </p>
      <WeAccept />
    </section>
  );
}

/** spec 000 §2 /checkout (or /buy-online) as a dialog route over the vehicle page. */
export function ReserveDialog({
  reserve,
  view,
  stripeElement = null,
}: {
  reserve: SerializeFrom<ReserveView>;
  view: SerializeFrom<LeadFormView>;
  stripeElement?: StripeElementConfig | null;
}) {
  const hydrated = useHydrated();
  const payment = useActionData<LeadFormActionData>()?.payment;
  // With JavaScript the validated form answers an intent and the card is taken here; the server-rendered
  // form (no JavaScript) still posts to its own URL and on to Stripe's hosted Checkout.
  const onPage = hydrated && stripeElement !== null;
  const preload = onPage ? () => void loadStripeJs(stripeElement.scriptUrl).catch(() => undefined) : undefined;
  return (
    <FormDialog
      id="reserve-dialog"
      title={reserve.heading}
      closeHref={reserve.vehicleHref}
      triggerSelector={TRIGGERS}
      testId="reserve-dialog"
    >
      <ReserveSummary reserve={reserve} />
      {onPage && payment ? (
        <StripePayment config={stripeElement} clientSecret={payment.clientSecret} returnUrl={payment.returnUrl} />
      ) : (
        <div onFocusCapture={preload} onPointerDownCapture={preload}>
          <LeadForm view={view} formId="reserve-form" action={onPage ? "?payment=element" : undefined} />
        </div>
      )}
    </FormDialog>
  );
}

/** A reserve page that cannot be offered (vehicle no longer reservable): why, and the enquiry instead. */
export function ReserveRefused({ message, vehicleHref }: { message: string; vehicleHref: string }) {
  const localise = useLocalise();
  return (
    <FormDialog id="reserve-dialog" title="Reserve unavailable" closeHref={vehicleHref} triggerSelector={TRIGGERS} testId="reserve-refused">
      <p role="alert" className="mb-4" data-testid="reserve-refused-message">
        {message}
      </p>
      <a
        href={`${vehicleHref}/enquire`}
        className="inline-block rounded bg-brand px-4 py-2 font-semibold text-brand-contrast hover:opacity-90 focus-visible:outline focus-visible:outline-4 focus-visible:outline-offset-2 focus-visible:outline-brand"
      >
        {localise("Submit an enquiry")}
      </a>
    </FormDialog>
  );
}
