import { useEffect, useRef, useState } from "react";
import { DEPOSIT_MESSAGES } from "~/server/reserve/messages";
import type { StripeElementConfig } from "~/server/payments/stripe-element";

/** The part of Stripe.js we use (https://docs.stripe.com/js): the Payment Element and confirmPayment. */
type StripeElements = { create(type: "payment"): { mount(target: HTMLElement): void; destroy(): void } };
type StripeJs = {
  elements(options: { clientSecret: string }): StripeElements;
  confirmPayment(options: { elements: StripeElements; confirmParams: { return_url: string } }): Promise<{ error?: { message?: string } }>;
};
type StripeFactory = (publishableKey: string) => StripeJs;

let loading: Promise<StripeFactory> | null = null;

/**
 * Stripe.js from its one configured address, added once and only when asked (the reserve form is touched):
 * other pages' JavaScript does not grow. The bundle's nonce'd code inserts it, which 'strict-dynamic' allows.
 */
export function loadStripeJs(scriptUrl: string): Promise<StripeFactory> {
  loading ??= new Promise<StripeFactory>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = scriptUrl;
    script.async = true;
    script.onload = () => {
      const factory = (window as unknown as { Stripe?: StripeFactory }).Stripe;
      if (factory) resolve(factory);
      else reject(new Error("Stripe.js did not load"));
    };
    script.onerror = () => {
      loading = null;
      reject(new Error("Stripe.js did not load"));
    };
    document.head.appendChild(script);
  });
  return loading;
}

/** The Payment Element for an intent the server made; Stripe returns the shopper to returnUrl. */
export function StripePayment({
  config,
  clientSecret,
  returnUrl,
}: {
  config: StripeElementConfig;
  clientSecret: string;
  returnUrl: string;
}) {
  const target = useRef<HTMLDivElement>(null);
  const [ready, setReady] = useState<{ stripe: StripeJs; elements: StripeElements } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);

  const { scriptUrl, publishableKey } = config;
  // Keyed on the values, not the config object: the loaders' revalidation after the post hands a new object.
  useEffect(() => {
    let live = true;
    let element: { destroy(): void } | null = null;
    loadStripeJs(scriptUrl)
      .then((factory) => {
        if (!live || !target.current) return;
        const stripe = factory(publishableKey);
        const elements = stripe.elements({ clientSecret });
        const created = elements.create("payment");
        created.mount(target.current);
        element = created;
        setReady({ stripe, elements });
      })
      .catch(() => live && setError(DEPOSIT_MESSAGES.paymentsDown));
    return () => {
      live = false;
      element?.destroy();
    };
  }, [scriptUrl, publishableKey, clientSecret]);

  async function pay() {
    if (!ready) return;
    setPaying(true);
    setError(null);
    const result = await ready.stripe.confirmPayment({ elements: ready.elements, confirmParams: { return_url: returnUrl } });
    // Only an error comes back; on success Stripe.js has already left for returnUrl.
    if (result.error) setError(result.error.message ?? DEPOSIT_MESSAGES.cardFailed);
    setPaying(false);
  }

  return (
    <section aria-labelledby="stripe-payment-heading" className="mt-6 space-y-4" data-testid="stripe-payment">
      <h3 id="stripe-payment-heading" className="text-lg font-semibold">
        {DEPOSIT_MESSAGES.cardHeading}
      </h3>
      <div ref={target} />
      <div role="alert" aria-live="assertive">
        {error ? <p className="rounded border border-red-700 bg-red-50 p-3 font-medium text-red-800">{error}</p> : null}
      </div>
      <button
        type="button"
        onClick={() => void pay()}
        disabled={!ready || paying}
        className="rounded bg-brand px-4 py-2 font-semibold text-brand-contrast hover:opacity-90 focus-visible:outline focus-visible:outline-4 focus-visible:outline-offset-2 focus-visible:outline-brand disabled:opacity-60"
      >
        {paying ? "Loading" : DEPOSIT_MESSAGES.payNow}
      </button>
    </section>
  );
}
