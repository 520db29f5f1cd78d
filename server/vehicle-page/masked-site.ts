import { detailBasePath } from "~/server/stock/can-reserve";
import { maskPhone } from "~/server/stock/phone-mask";
import type { Tenant } from "~/server/tenants/load";
import type { PublicSite } from "~/server/tenants/public-site";
import { PHONE_REVEALED_PARAM, PHONE_REVEALED_VALUE } from "./constants";

/**
 * spec 000 §2 click-to-reveal: on a vehicle page of a site with phone reveal, the header and footer
 * numbers stay masked until the shopper reveals them — in the page source too, since the site
 * object travels in the page's data. The reveal answer carries the real numbers.
 */
export function siteForPage(site: PublicSite, tenant: Tenant, url: URL): PublicSite {
  if (!tenant.site.features.phone_reveal) return site;
  if (!url.pathname.startsWith(`${detailBasePath(tenant.site)}/`)) return site;
  if (url.searchParams.get(PHONE_REVEALED_PARAM) === PHONE_REVEALED_VALUE) return site;
  return {
    ...site,
    phone: maskPhone(site.phone),
    primary_location: { ...site.primary_location, phone: maskPhone(site.primary_location.phone) },
  };
}
