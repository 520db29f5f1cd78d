import { createCookie } from "@remix-run/node";
import type { CookieSettings } from "../security/cookie-settings";

/** spec 000 §2 stored search query suffix: the last query per search path, signed so it can't be forged. */
export function searchSuffixCookie(settings: CookieSettings) {
  return createCookie("fc_search", {
    httpOnly: true,
    sameSite: "lax",
    secure: settings.secure,
    // Only the search pages read it (spec 000 §2 stored suffix); no other request carries it.
    path: "/search",
    maxAge: 60 * 60 * 24 * 30,
    secrets: settings.secrets,
  });
}
