import type { AppLoadContext } from "@remix-run/node";
import type { VisitorContext } from "~/server/visitor/context";

/**
 * A shopper's own action the server sees (spec 001 §9: wishlist 39, login steps 35–38): recorded
 * server-side so it counts with JavaScript off as well as on, only on sites that log events.
 */
export async function recordShopperEvent(
  context: AppLoadContext,
  visitor: VisitorContext,
  event: { eventId: number; url: string; properties?: Record<string, unknown> },
): Promise<void> {
  await context.services.events.record(context.tenant, {
    eventId: event.eventId,
    url: event.url,
    anonId: visitor.device_id,
    sessionId: visitor.session_id,
    properties: event.properties ?? null,
    source: "server",
  });
}
