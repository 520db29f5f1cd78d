import type { AppLoadContext } from "@remix-run/node";
import { eventFor } from "~/server/leads/events";
import { allowedTags, insightsAllowed, needsConsentBanner, type DealerTags } from "~/server/events/dealer-tags";
import type { VisitorContext } from "~/server/visitor/context";
import { readConsent } from "./consent";

/** What the root loader hands the browser for tracking: ids, the event-log switch, the tags allowed, consent. */
const SUCCESS_PATH = "/success";

export type TrackingView = {
  website_slug: string;
  /** Events go to POST /api/events only where the tenant logs them. */
  log_events: boolean;
  /** Empty on a page a shared cache may keep: the browser's events then take the ids from its cookie on the server. */
  anon_id: string;
  session_id: string;
  tags: DealerTags;
  consentBanner: boolean;
  /** Search result clicks may be sent (and their token cookie set): insightsAllowed. */
  insights: boolean;
  /** spec 001 §8: client errors are reported in production only. */
  reportErrors: boolean;
  /** On the thank-you page: the event id of the category just submitted (spec 001 §4), for the dealer's tags. */
  submittedEventId: number | null;
};

/** `visitor` null: a page every visitor sees alike (RequestContext.cacheable), so no ids in it. */
export async function trackingView(request: Request, context: AppLoadContext, visitor: VisitorContext | null): Promise<TrackingView> {
  const { site } = context.tenant;
  const consent = await readConsent(request, context.services.cookies);
  return {
    website_slug: context.tenant.slug,
    log_events: site.analytics.log_events,
    anon_id: visitor?.device_id ?? "",
    session_id: visitor?.session_id ?? "",
    tags: allowedTags(site, consent),
    consentBanner: needsConsentBanner(site, consent),
    insights: insightsAllowed(site, consent),
    reportErrors: context.services.env.NODE_ENV === "production",
    submittedEventId:
      new URL(request.url).pathname === SUCCESS_PATH && visitor?.success_category ? eventFor(visitor.success_category, "").eventId : null,
  };
}
