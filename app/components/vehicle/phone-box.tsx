import { useFetcher } from "@remix-run/react";
import { REVEAL_INTENT, REVEAL_LABEL } from "./constants";
import { useHydrated } from "./use-hydrated";
import type { PhoneBoxView } from "./types";
import { WeAccept } from "./we-accept";


export type RevealResponse = { phone: string; telHref: string | null };

/**
 * spec 000 §2 dealer phone box. A hidden number shows its first 5 characters until the visitor
 * reveals it. The reveal is a POST: without JS the action records it and redirects back with the
 * number shown; with JS a fetcher posts once and never again while that post is in flight.
 */
export function PhoneBox({ phone, action }: { phone: PhoneBoxView; action: string }) {
  const hydrated = useHydrated();
  const fetcher = useFetcher<RevealResponse>();
  const busy = fetcher.state !== "idle";
  const revealed = phone.number !== null ? { phone: phone.number, telHref: phone.telHref } : (fetcher.data ?? null);

  return (
    <section aria-labelledby="phone-box-heading" className="rounded-lg border border-gray-200 bg-white p-4" data-testid="vehicle-button-dealer_phone_box">
      <h2 id="phone-box-heading" className="text-lg font-bold">
        Call the dealer
      </h2>
      <p aria-live="polite" className="mt-1 text-2xl font-bold tracking-wide">
        {revealed ? (
          revealed.telHref ? (
            <a href={revealed.telHref} className="text-brand underline-offset-2 hover:underline" data-testid="dealer-phone">
              {revealed.phone}
            </a>
          ) : (
            <span data-testid="dealer-phone">{revealed.phone}</span>
          )
        ) : (
          <span data-testid="dealer-phone">
            <span aria-hidden="true">{phone.shown}</span>
            <span className="sr-only">Phone number hidden</span>
          </span>
        )}
      </p>
      {revealed === null && phone.revealable ? (
        <fetcher.Form
          method="post"
          action={action}
          onSubmit={(event) => {
            if (busy) event.preventDefault();
          }}
          className="mt-2"
        >
          <input type="hidden" name="intent" value={REVEAL_INTENT} />
          <input type="hidden" name="car_id" value={String(phone.carId)} />
          {hydrated ? <input type="hidden" name="respond" value="json" /> : null}
          <button
            type="submit"
            disabled={busy}
            className="w-full rounded bg-brand px-4 py-2 font-semibold text-brand-contrast disabled:opacity-60"
            data-testid="reveal-phone"
          >
            {REVEAL_LABEL}
          </button>
        </fetcher.Form>
      ) : null}
      <p className="mt-3">
        <a href={phone.seeMoreHref} className="font-semibold text-brand underline underline-offset-2" data-testid="see-more-from-dealer">
          See more from this dealer
        </a>
      </p>
      <div className="mt-3">
        <WeAccept />
      </div>
    </section>
  );
}
