import { siteCookie, type CookieSettings } from "~/server/security/cookie-settings";
import { isSessionTokenShaped } from "~/server/garage/session-rules";

const THIRTY_DAYS_SECONDS = 30 * 24 * 60 * 60;

/**
 * The garage session's opaque id, in an httpOnly, SameSite=Lax cookie, Secure in
 * production (cookie-settings.ts), signed so a tampered value is simply no session.
 */
function garageCookie(settings: CookieSettings) {
  return siteCookie("fc_garage", settings, { maxAgeSeconds: THIRTY_DAYS_SECONDS });
}

/** The session token, or null when absent, unsigned or tampered with. */
export async function readSessionToken(request: Request, settings: CookieSettings): Promise<string | null> {
  const value: unknown = await garageCookie(settings).parse(request.headers.get("Cookie"));
  return isSessionTokenShaped(value) ? value : null;
}

export function commitSessionToken(token: string, settings: CookieSettings): Promise<string> {
  return garageCookie(settings).serialize(token);
}

export function clearSessionToken(settings: CookieSettings): Promise<string> {
  return garageCookie(settings).serialize("", { maxAge: 0 });
}
