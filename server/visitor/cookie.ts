import { createCookie } from "@remix-run/node";
import type { CookieSettings } from "../security/cookie-settings";
import { newVisitor, visitorContextSchema, type VisitorContext } from "./context";

/** Browsers drop cookies over 4096 bytes (name, value and attributes). */
export const COOKIE_BYTES_LIMIT = 4000;
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

function visitorCookie(settings: CookieSettings) {
  return createCookie("fc_visitor", {
    httpOnly: true,
    sameSite: "lax",
    secure: settings.secure,
    path: "/",
    maxAge: ONE_YEAR_SECONDS,
    secrets: settings.secrets,
  });
}

/** The visitor context from the signed cookie; a fresh one when absent, tampered or malformed. */
export async function readVisitor(request: Request, settings: CookieSettings, now = Date.now()): Promise<VisitorContext> {
  const raw: unknown = await visitorCookie(settings).parse(request.headers.get("Cookie"));
  const parsed = visitorContextSchema.safeParse(raw);
  return parsed.success ? parsed.data : newVisitor(now);
}

/** The Set-Cookie header; the oldest visited pages give way until the cookie fits. */
export async function commitVisitor(ctx: VisitorContext, settings: CookieSettings): Promise<string> {
  const cookie = visitorCookie(settings);
  let current = ctx;
  let header = await cookie.serialize(current);
  while (header.length > COOKIE_BYTES_LIMIT && current.visited_pages.length > 0) {
    const drop = Math.max(1, Math.ceil(current.visited_pages.length / 10));
    current = { ...current, visited_pages: current.visited_pages.slice(drop) };
    header = await cookie.serialize(current);
  }
  return header;
}
