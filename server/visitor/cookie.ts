import { ONE_YEAR_SECONDS, cookieValue, siteCookie, type CookieSettings } from "~/server/security/cookie-settings";
import { z } from "~/server/lib/zod";
import { DETAILS_IDLE_MS, newVisitor, visitorContextSchema, type VisitorContext } from "./context";
import { openDetails, sealDetails } from "./sealed-details";

/** Browsers drop cookies over 4096 bytes (name, value and attributes). */
export const COOKIE_BYTES_LIMIT = 4000;

function visitorCookie(settings: CookieSettings) {
  return siteCookie("fc_visitor", settings, { maxAgeSeconds: ONE_YEAR_SECONDS });
}

/** What the cookie holds: the context with the stored details sealed (sealed-details.ts). */
const cookiePayloadSchema = visitorContextSchema.omit({ user: true }).extend({ sealed_user: z.string().max(2000).nullable() });
type CookiePayload = z.infer<typeof cookiePayloadSchema>;

function payloadOf(ctx: VisitorContext, secrets: readonly string[]): CookiePayload {
  const { user, ...rest } = ctx;
  return { ...rest, sealed_user: Object.keys(user).length === 0 ? null : sealDetails(user, secrets) };
}

/**
 * The visitor context from the signed cookie; a fresh one when absent, tampered or malformed, with the
 * request's own new device id when given (RequestContext.newVisitorDeviceId). Stored details are
 * forgotten after 90 days without a visit.
 */
export async function readVisitor(
  request: Request,
  settings: CookieSettings,
  now = Date.now(),
  newDeviceId?: string,
): Promise<VisitorContext> {
  const payload = cookieValue(cookiePayloadSchema, await visitorCookie(settings).parse(request.headers.get("Cookie")));
  if (payload === null) return newVisitor(now, newDeviceId);
  const { sealed_user: sealed, ...rest } = payload;
  const idle = now - rest.last_seen > DETAILS_IDLE_MS;
  return { ...rest, user: sealed === null || idle ? {} : openDetails(sealed, settings.secrets) };
}

/** The device id of a visitor who already has the cookie; null on a first visit (or a cookie that fails its check). */
export async function readDeviceId(request: Request, settings: CookieSettings): Promise<string | null> {
  return cookieValue(cookiePayloadSchema, await visitorCookie(settings).parse(request.headers.get("Cookie")))?.device_id ?? null;
}

/**
 * The visitor's device id on this request: the cookie's, else the one minted for the request before
 * the loaders ran — the same id `readVisitor` gives the root loader, which sets it in the cookie.
 */
export async function requestDeviceId(request: Request, settings: CookieSettings, newDeviceId: string): Promise<string> {
  return (await readDeviceId(request, settings)) ?? newDeviceId;
}

/** The Set-Cookie header; the oldest visited pages give way until the cookie fits. */
export async function commitVisitor(ctx: VisitorContext, settings: CookieSettings): Promise<string> {
  const cookie = visitorCookie(settings);
  let current = payloadOf(ctx, settings.secrets);
  let header = await cookie.serialize(current);
  while (header.length > COOKIE_BYTES_LIMIT && current.visited_pages.length > 0) {
    const drop = Math.max(1, Math.ceil(current.visited_pages.length / 10));
    current = { ...current, visited_pages: current.visited_pages.slice(drop) };
    header = await cookie.serialize(current);
  }
  return header;
}
