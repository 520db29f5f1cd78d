import { telHref } from "~/server/lib/format";
import type { Site } from "~/server/tenants/schema";
import { orderedLocations } from "./locations";

/** One entry of the banner's locations dropdown (spec 001 §2): the address or city, the phone, and where it links. */
export type BannerLocation = { id: number; place: string; phone: string; href: string };

/**
 * spec 001 §2: the banner dropdown lists each location's address or city plus phone; location links go to
 * /contact, or to a tel: link on sites with contact_links_to_tel. Same order and dedupe as the locations page.
 */
export function bannerLocations(site: Pick<Site, "locations" | "features">): BannerLocation[] {
  return orderedLocations(site.locations).map((location) => {
    const { street, city } = location.address;
    const phone = location.contact_detail.phone;
    const tel = site.features.contact_links_to_tel ? telHref(phone) : null;
    return {
      id: location.id,
      place: street.trim() ? `${street.trim()}, ${city}` : city,
      phone,
      href: tel ?? "/contact",
    };
  });
}
