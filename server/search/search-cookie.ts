import { siteCookie, type CookieSettings } from "~/server/security/cookie-settings";

/** The stored-suffix cookie's name: a shared cache passes a search page request that carries it (server/http/cache-policy.ts). */
export const SEARCH_SUFFIX_COOKIE = "fc_search";

/** spec 000 §2 stored search query suffix: the last query per search path, signed so it can't be forged. */
export function searchSuffixCookie(settings: CookieSettings) {
  // Only the search pages read it (spec 000 §2 stored suffix); no other request carries it.
  return siteCookie(SEARCH_SUFFIX_COOKIE, settings, { maxAgeSeconds: 60 * 60 * 24 * 30, path: "/search" });
}
