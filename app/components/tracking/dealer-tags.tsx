import { useEffect, useState } from "react";
import type { DealerTags as Tags } from "~/server/events/dealer-tags";
import { WEBCHAT_OPENED_EVENT_ID } from "~/server/events/event-ids";
import { tagRuntime, trackEvent, type ClientTracking } from "../../lib/tracking/send-event";
import { useHydrated } from "../vehicle/use-hydrated";

let marketingLoaded = false;

/**
 * The dealer's marketing tags load once the page is interactive and idle (never before
 * the LCP); the chat widget only when the visitor presses the chat button, which needs JavaScript and
 * so renders only once hydrated. The loaders themselves are fetched on demand.
 */
export function DealerTags({ tags, tracking }: { tags: Tags; tracking: ClientTracking }) {
  const hydrated = useHydrated();
  const [opening, setOpening] = useState(false);
  const marketing = Boolean(tags.gtmId || tags.ga4Id || tags.facebookPixel || tags.callTrackingScript);

  useEffect(() => {
    if (!marketing || marketingLoaded) return;
    let cancel = () => {};
    let cancelled = false;
    void tagRuntime().then((runtime) => {
      if (cancelled) return;
      cancel = runtime.whenIdleAfterLoad(() => {
        if (marketingLoaded) return;
        marketingLoaded = true;
        runtime.loadMarketingTags(tags, runtime.pageNonce());
      });
    });
    return () => {
      cancelled = true;
      cancel();
    };
  }, [marketing, tags]);

  if (!hydrated || (!tags.chat && !tags.impelKey)) return null;
  const widget = tags.chat?.kind ?? "impel";
  return (
    <button
      type="button"
      className="pointer-events-auto m-4 rounded-full bg-brand px-5 py-3 font-semibold text-brand-contrast shadow-lg"
      data-testid="chat-button"
      disabled={opening}
      onClick={() => {
        setOpening(true);
        trackEvent(tracking, WEBCHAT_OPENED_EVENT_ID, { widget });
        void tagRuntime()
          .then(async (runtime) => {
            await runtime.openChat(tags.chat, tags.impelKey, runtime.pageNonce());
            runtime.watchChat(tags.chat, (eventId) => runtime.trackWebchatOnce(tracking, eventId, { widget }));
          })
          .finally(() => setOpening(false));
      }}
    >
      {opening ? "Loading" : "Chat with us"}
    </button>
  );
}
