import { useFetcher } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { REVEAL_INTENT, REVEAL_LABEL, revealFetcherKey } from "~/server/vehicle-page/constants";
import type { PhoneBoxView, RevealResponse } from "~/server/vehicle-page/types";
import { HiddenPhone, PhoneLink } from "../phone-link";
import { useHydrated } from "./use-hydrated";
import { WeAccept } from "./we-accept";
import { encodeBrackets } from "~/server/seo/canonical";
import { Panel } from "./panel";

/**
 * spec 000 §2 dealer phone box. A hidden number shows its first 5 characters until the visitor
 * reveals it. The reveal is a POST: without JS the action records it and redirects back with the
 * number shown; with JS a fetcher posts once (spec 000 §4: not repeated while in flight) — a
 * double click or a second submit before the first has even started is refused here, not by the
 * button's disabled state, which only follows once React has re-rendered. The site header and
 * footer share the fetcher (its key) and unmask their numbers from the same answer.
 */
export function PhoneBox({ phone, action }: { phone: PhoneBoxView; action: string }) {
  const hydrated = useHydrated();
  const fetcher = useFetcher<RevealResponse>({ key: revealFetcherKey(phone.carId) });
  const busy = fetcher.state !== "idle";
  const sent = useRef(false);
  const answer = fetcher.data?.carId === phone.carId ? fetcher.data : null;
  // A reveal that failed (idle again, no answer) may be tried again.
  useEffect(() => {
    if (fetcher.state === "idle" && answer === null) sent.current = false;
  }, [fetcher.state, answer]);
  const revealed = phone.number !== null ? { phone: phone.number, telHref: phone.telHref } : answer;

  return (
    <Panel headingId="phone-box-heading" heading="Call the dealer" testId="vehicle-button-dealer_phone_box">
      <p aria-live="polite" className="mt-1 text-2xl font-bold tracking-wide">
        {revealed ? (
          <PhoneLink
            phone={revealed.phone}
            carId={phone.carId}
            className="text-brand underline-offset-2 hover:underline"
            testId="dealer-phone"
          />
        ) : (
          <HiddenPhone masked={phone.shown} testId="dealer-phone" />
        )}
      </p>
      {revealed === null && phone.revealable ? (
        <fetcher.Form
          method="post"
          action={action}
          onSubmit={(event) => {
            if (busy || sent.current) {
              event.preventDefault();
              return;
            }
            sent.current = true;
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
      ) : answer !== null ? (
        // Where the button was: the second click of a double click lands here, not on the link below.
        <p className="mt-2 w-full rounded bg-gray-100 px-4 py-2 text-center font-semibold text-gray-700" data-testid="phone-revealed">
          Number shown above
        </p>
      ) : null}
      <p className="mt-3">
        <a
          href={encodeBrackets(phone.seeMoreHref)}
          className="font-semibold text-brand underline underline-offset-2"
          data-testid="see-more-from-dealer"
        >
          See more from this dealer
        </a>
      </p>
      <div className="mt-3">
        <WeAccept />
      </div>
    </Panel>
  );
}
