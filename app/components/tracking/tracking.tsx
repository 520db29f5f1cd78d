import type { TrackingView } from "~/server/handlers/events/tracking-view";
import { FloatingAssistant } from "../assistant/floating-assistant";
import { ConsentBanner } from "./consent-banner";
import { DealerTags } from "./dealer-tags";
import { ErrorReporter } from "./error-reporter";
import { PageTracker } from "./page-tracker";
import { VisitBeacon } from "./visit-beacon";

/**
 * What tracking adds to a page: the visit beacon, events, the dealer's tags, the consent banner, error
 * reporting, and the floating chat button (the dealer's chat widget, else the site's own assistant).
 */
export function Tracking({ tracking }: { tracking: TrackingView }) {
  const thirdPartyChat = Boolean(tracking.tags.chat || tracking.tags.impelKey);
  return (
    <>
      <VisitBeacon />
      <PageTracker tracking={tracking} submittedEventId={tracking.submittedEventId} />
      <ErrorReporter tracking={tracking} enabled={tracking.reportErrors} />
      {/* One dock at the bottom: the chat button stacks above the consent banner instead of under it, and
          the dock sits above a phone's sticky Call / Enquire bar (app/styles/tailwind.css). */}
      <div className="pointer-events-none fixed inset-x-0 bottom-0 z-40 flex flex-col items-end" data-bottom-dock="">
        <DealerTags tags={tracking.tags} tracking={tracking} />
        {thirdPartyChat ? null : <FloatingAssistant />}
        {tracking.consentBanner ? <ConsentBanner /> : null}
      </div>
    </>
  );
}
