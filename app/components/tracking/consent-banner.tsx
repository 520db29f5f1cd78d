import { useFetcher, useLocation } from "@remix-run/react";

/**
 * Accept or reject the dealer's marketing tags. A plain POST form (works without
 * JavaScript: 303 back to this page); with JavaScript a fetcher, and the root data reloads with the
 * tags now allowed. The choice is remembered for a year (fc_consent).
 */
export function ConsentBanner() {
  const fetcher = useFetcher();
  const location = useLocation();
  if (fetcher.state !== "idle" || fetcher.data !== undefined) return null;
  return (
    <section
      aria-labelledby="consent-heading"
      className="pointer-events-auto w-full border-t border-gray-300 bg-white p-4 shadow-lg"
      data-testid="consent-banner"
    >
      <div className="mx-auto flex max-w-7xl flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h2 id="consent-heading" className="font-semibold">
            Cookies on this site
          </h2>
          <p className="text-sm">
            We&apos;d like to use marketing and analytics cookies to measure our advertising. Essential cookies always stay on.
          </p>
        </div>
        <fetcher.Form method="post" action="/consent" className="flex gap-2">
          <input type="hidden" name="from" value={`${location.pathname}${location.search}`} />
          <button type="submit" name="consent" value="rejected" className="rounded border border-gray-400 px-4 py-2 font-semibold">
            Reject
          </button>
          <button type="submit" name="consent" value="accepted" className="rounded bg-brand px-4 py-2 font-semibold text-brand-contrast">
            Accept
          </button>
        </fetcher.Form>
      </div>
    </section>
  );
}
