import type { AppLoadContext } from "@remix-run/node";
import { experimentProperties } from "~/server/experiments/assign";
import type { VisitorContext } from "~/server/visitor/context";

/**
 * spec 001 §4: a successful submit triggers the tracking event with the event id (22, 51, 32 with
 * ' - Step {n}', …). The server records it, so it counts with JavaScript off as well as on.
 */
export async function recordLeadEvent(
  request: Request,
  context: AppLoadContext,
  visitor: VisitorContext,
  lead: { eventId: number; leadId: string | null; eventAction: string; category: string; properties?: Record<string, unknown> },
): Promise<void> {
  const url = new URL(request.url);
  await context.services.events.record(context.tenant, {
    eventId: lead.eventId,
    url: `${url.pathname}${url.search}`,
    leadId: lead.leadId,
    anonId: visitor.device_id,
    sessionId: visitor.session_id,
    // spec 001 §6: the visitor's split-test variants ride on the lead event (the conversion).
    properties: {
      event_action: lead.eventAction,
      category: lead.category,
      ...lead.properties,
      ...experimentProperties(context.tenant.site, visitor.device_id),
    },
    source: "server",
  });
}
