/**
 * Which requests may be answered with a page a shared cache keeps (docs/decisions.md, "Shared cache").
 *
 * A page is personal when it shows something of the visitor's own: saved cars (the header count and
 * the hearts), a garage session, details typed into a form. Any of those starts with a POST to this
 * site (or the garage sign-in, which sets `fc_garage`), so a POST answer that sets one of our cookies
 * also sets `fc_personal`, and a request carrying either cookie gets private pages from then on. The
 * browsing cookie `fc_visitor` alone (visited pages, first query, set by the visit beacon) does not
 * make a page personal: no page renders it. A shared cache in front (deploy/varnish.vcl) applies the
 * same rule to the Cookie header.
 */
export const PERSONAL_COOKIE = "fc_personal";
const SESSION_COOKIE = "fc_garage";
/** One year, like the visitor cookie: saved cars outlive a browser session. */
const PERSONAL_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

function cookieNames(header: string | null | undefined): string[] {
  if (!header) return [];
  return header.split(";").map((part) => part.split("=")[0]?.trim() ?? "");
}

/** The raw value of one cookie in a Cookie header (as a cache in front reads it), undefined when absent. */
export function rawCookieValue(header: string | null | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const mark = part.indexOf("=");
    if (mark !== -1 && part.slice(0, mark).trim() === name) return part.slice(mark + 1).trim();
  }
  return undefined;
}

/** True when the Cookie header names the personal marker or a garage session. */
export function isPersonalRequest(cookieHeader: string | null | undefined): boolean {
  return cookieNames(cookieHeader).some((name) => name === PERSONAL_COOKIE || name === SESSION_COOKIE);
}

/**
 * The consent answer is not personal: it picks one of three page variants (none, accepted, rejected),
 * which a shared cache keeps apart by the cookie's value (deploy/varnish.vcl).
 */
export const CONSENT_COOKIE = "fc_consent";

/** True when a Set-Cookie list writes one of the site's own cookies (fc_…) other than consent, so the visitor now has state of their own. */
export function setsSiteCookie(setCookies: readonly string[]): boolean {
  return setCookies.some((line) => line.startsWith("fc_") && !line.startsWith(`${CONSENT_COOKIE}=`));
}

/** The marker itself: no value worth reading, httpOnly, SameSite=Lax, Secure in production. */
export function personalCookieHeader(secure: boolean): string {
  return `${PERSONAL_COOKIE}=1; Max-Age=${PERSONAL_MAX_AGE_SECONDS}; Path=/; HttpOnly;${secure ? " Secure;" : ""} SameSite=Lax`;
}
