import type { AppLoadContext } from "@remix-run/node";
import { ASSISTANT_WIDGET } from "~/server/assistant/webchat-events";
import { recordShopperEvent } from "~/server/handlers/events";
import { readVisitor } from "~/server/visitor/cookie";

/** Records one of the assistant's webchat events (54, 55, 57) against the visitor, on sites that log events. */
export async function recordAssistantEvent(request: Request, context: AppLoadContext, eventId: number | null): Promise<void> {
  if (eventId === null) return;
  const now = Date.now();
  const visitor = await readVisitor(request, context.services.cookies, now, context.newVisitorDeviceId);
  const url = new URL(request.url);
  await recordShopperEvent(context, visitor, {
    eventId,
    url: url.pathname,
    properties: { widget: ASSISTANT_WIDGET },
  });
}
