import type { TrackingView } from "~/server/handlers/events/tracking-view";
import { ConsentBanner } from "./consent-banner";
import { DealerTags } from "./dealer-tags";
import { ErrorReporter } from "./error-reporter";
import { PageTracker } from "./page-tracker";
import { VisitBeacon } from "./visit-beacon";

/** Everything issue 15 adds to a page: the visit beacon, events, the dealer's tags, the consent banner, error reporting. */
export function Tracking({ tracking }: { tracking: TrackingView }) {
  return (
    <>
      <VisitBeacon />
      <PageTracker tracking={tracking} submittedEventId={tracking.submittedEventId} />
      <DealerTags tags={tracking.tags} tracking={tracking} />
      <ErrorReporter tracking={tracking} enabled={tracking.reportErrors} />
      {tracking.consentBanner ? <ConsentBanner /> : null}
    </>
  );
}
