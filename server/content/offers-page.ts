import type { Promo } from "~/server/tenants/home-files";
import type { Site } from "~/server/tenants/schema";
import { promoShuffleSeed, shownPromos, type PromoCardView } from "./promos";

export type OffersView = { kind: "offers"; title: string; description: string; promos: PromoCardView[] };

export const NO_OFFERS_TEXT = "There are no offers right now. Browse our stock or contact us for today's best deals.";

/**
 * spec 001 §2 /offers on a site without an offers page of its own: the site's promo cards that are active
 * now (spec 001 §4 window and order, no car type chosen), or a line saying there are none.
 */
export function offersView(site: Pick<Site, "name" | "slug">, promos: readonly Promo[], now: number): OffersView {
  return {
    kind: "offers",
    title: "Offers",
    description: `Current offers and specials at ${site.name}.`,
    promos: shownPromos(promos, { now, carTypes: [], seed: promoShuffleSeed(site.slug, now) }),
  };
}
