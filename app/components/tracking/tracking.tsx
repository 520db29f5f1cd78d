import type { TrackingView } from "~/server/handlers/events/tracking-view";
import { ConsentBanner } from "./consent-banner";
import { DealerTags } from "./dealer-tags";
import { ErrorReporter } from "./error-reporter";
import { PageTracker } from "./page-tracker";
import { VisitBeacon } from "./visit-beacon";

/** What tracking adds to a page: the visit beacon, events, the dealer's tags, the consent banner, error reporting. */
export function Tracking({ tracking }: { tracking: TrackingView }) {
  return (
    <>
      <VisitBeacon />
      <PageTracker tracking={tracking} submittedEventId={tracking.submittedEventId} />
      <ErrorReporter tracking={tracking} enabled={tracking.reportErrors} />
      {/* One dock at the bottom: the chat button stacks above the consent banner instead of under it. */}
      <div className="pointer-events-none fixed inset-x-0 bottom-0 z-40 flex flex-col items-end">
        <DealerTags tags={tracking.tags} tracking={tracking} />
        {tracking.consentBanner ? <ConsentBanner /> : null}
      </div>
    </>
  );
}
