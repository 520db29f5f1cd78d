import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import type { ConsentChoice } from "~/server/events/dealer-tags";
import { safeFromPath } from "~/server/events/go-links";
import { CONSENT_COOKIE } from "~/server/visitor/personal";
import { ONE_YEAR_SECONDS, siteCookie, type CookieSettings } from "~/server/security/cookie-settings";

export const CONSENT_FIELD = "consent";
export const CONSENT_PATH = "/consent";

/** The visitor's answer to the consent banner, remembered for a year. */
function consentCookie(settings: CookieSettings) {
  return siteCookie(CONSENT_COOKIE, settings, { maxAgeSeconds: ONE_YEAR_SECONDS });
}

function choiceOf(value: unknown): ConsentChoice | null {
  return value === "accepted" || value === "rejected" ? value : null;
}

export async function readConsent(request: Request, settings: CookieSettings): Promise<ConsentChoice | null> {
  return choiceOf(await consentCookie(settings).parse(request.headers.get("Cookie")));
}

/**
 * POST /consent (accept or reject): a plain form, so it works without JavaScript — 303 back to the page
 * it was sent from; with JavaScript a fetcher posts it and the banner goes away in place.
 */
export async function saveConsent({ request, context }: ActionFunctionArgs): Promise<Response> {
  const form = await request.formData();
  const choice = choiceOf(form.get(CONSENT_FIELD));
  if (!choice) return new Response("Choose accept or reject.", { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const back = safeFromPath(typeof form.get("from") === "string" ? String(form.get("from")) : null);
  return redirect(back, {
    status: 303,
    headers: { "Set-Cookie": await consentCookie(context.services.cookies).serialize(choice), "Cache-Control": "no-store" },
  });
}
