import type { Site } from "~/server/tenants/schema";

/** spec 000 §2: the two spellings of the reserve page's last path segment. */
export const RESERVE_PATH_FORMS = ["checkout", "buy-online"] as const;
export type ReservePathForm = (typeof RESERVE_PATH_FORMS)[number];

/** spec 000 §2: /checkout, or /buy-online on sites with the buy-online flag. */
export function reservePathForm(site: Pick<Site, "features">): ReservePathForm {
  return site.features.buy_online ? "buy-online" : "checkout";
}

/**
 * Where a request on the other spelling belongs: the same URL (query kept) ending in the site's own
 * form, or null when it is already there.
 */
export function ownReserveUrl(url: URL, requested: ReservePathForm, site: Pick<Site, "features">): string | null {
  const own = reservePathForm(site);
  if (requested === own) return null;
  const parent = url.pathname.slice(0, url.pathname.length - requested.length);
  return `${parent}${own}${url.search}`;
}
