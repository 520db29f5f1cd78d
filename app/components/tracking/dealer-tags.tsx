import { useEffect, useState } from "react";
import { EVENT_IDS } from "~/server/events/definitions";
import { hasMarketingTags, type DealerTags as Tags } from "~/server/events/dealer-tags";
import { useHydrated } from "../vehicle/use-hydrated";
import { loadMarketingTags, openChat, pageNonce, whenIdleAfterLoad } from "../../lib/tracking/load-tags";
import { trackEvent, type ClientTracking } from "../../lib/tracking/send-event";

let marketingLoaded = false;

/**
 * Issue 15 §3: the dealer's marketing tags load once the page is interactive and idle (never before
 * the LCP); the chat widget only when the visitor presses the chat button, which needs JavaScript and
 * so renders only once hydrated.
 */
export function DealerTags({ tags, tracking }: { tags: Tags; tracking: ClientTracking }) {
  const hydrated = useHydrated();
  const [opening, setOpening] = useState(false);
  const marketing = hasMarketingTags(tags);

  useEffect(() => {
    if (!marketing || marketingLoaded) return;
    return whenIdleAfterLoad(() => {
      if (marketingLoaded) return;
      marketingLoaded = true;
      loadMarketingTags(tags, pageNonce());
    });
  }, [marketing, tags]);

  if (!hydrated || (!tags.chat && !tags.impelKey)) return null;
  return (
    <button
      type="button"
      className="fixed bottom-4 right-4 z-30 rounded-full bg-brand px-5 py-3 font-semibold text-brand-contrast shadow-lg"
      data-testid="chat-button"
      disabled={opening}
      onClick={() => {
        setOpening(true);
        trackEvent(tracking, EVENT_IDS.webchatOpened, { widget: tags.chat?.kind ?? "impel" });
        void openChat(tags.chat, tags.impelKey, pageNonce()).finally(() => setOpening(false));
      }}
    >
      {opening ? "Loading" : "Chat with us"}
    </button>
  );
}
