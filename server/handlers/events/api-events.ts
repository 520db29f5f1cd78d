import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { EVENT_MESSAGES, eventBodySchema } from "~/server/events/event-body";
import { readVisitor } from "~/server/visitor/cookie";
import { readJsonBody } from "~/server/handlers/shared/body";
import type { z } from "~/server/lib/zod";

/** The events API's answer: JSON `{ error }` or an empty 204, never cached. */
export function answer(status: number, body: Record<string, unknown> | null, headers: Record<string, string> = {}): Response {
  const base = { "Cache-Control": "no-store", ...headers };
  return body === null ? new Response(null, { status, headers: base }) : json(body, { status, headers: base });
}

/**
 * What every event post checks before its own rules: POST only, the site's event limit per
 * address, a JSON body, and the body's schema (its first issue named after `invalid`).
 */
export async function readEventPost<T>(
  { request, context }: Pick<ActionFunctionArgs, "request" | "context">,
  schema: z.ZodType<T>,
  invalid: string,
): Promise<{ ok: true; value: T } | { ok: false; response: Response }> {
  const fail = (response: Response) => ({ ok: false as const, response });
  if (request.method !== "POST") return fail(answer(405, { error: "Method not allowed." }, { Allow: "POST" }));
  const { tenant, services } = context;
  const decision = await services.eventLimiter.consume(`${tenant.slug}|${context.clientIp}`);
  if (!decision.allowed) return fail(answer(429, { error: EVENT_MESSAGES.tooMany }, { "Retry-After": String(decision.retryAfterSeconds) }));
  const body = await readJsonBody(request);
  if (!body.ok) return fail(answer(body.status, { error: body.message }));
  const parsed = schema.safeParse(body.value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue ? ` ${issue.path.join(".")}: ${issue.message}` : "";
    return fail(answer(400, { error: `${invalid}${where}` }));
  }
  return { ok: true, value: parsed.data };
}

/**
 * POST /api/events: validated, rate-limited per site and address, stored only for tenants
 * with `analytics.log_events` (spec 001 §7 'logged only on some sites'). 204 whether stored or not: the
 * browser has nothing to do with the answer. The ids default to the visitor cookie's.
 */
export async function postEvent({ request, context }: ActionFunctionArgs): Promise<Response> {
  const read = await readEventPost({ request, context }, eventBodySchema, EVENT_MESSAGES.invalid);
  if (!read.ok) return read.response;
  const { tenant, services } = context;
  const { event } = read.value;
  if (event.website_slug !== tenant.slug) return answer(400, { error: EVENT_MESSAGES.otherSite });
  const visitor = await readVisitor(request, services.cookies, Date.now(), context.newVisitorDeviceId);
  await services.events.record(tenant, {
    eventId: event.category,
    url: event.url,
    leadId: event.lead_id ?? null,
    anonId: event.anon_id ?? visitor.device_id,
    sessionId: event.session_id ?? visitor.session_id,
    errorMessage: event.error_message ?? null,
    properties: event.event_properties ?? null,
    source: "client",
  });
  return answer(204, null);
}
