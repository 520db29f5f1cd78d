import { logoSrc, makeLogoSrc } from "~/server/search/make-logo";
import type { Tenant } from "~/server/tenants/load";

/** A dealership website as a group site's footer links it (spec 001 §3 dealership website). */
export type DealershipWebsiteLink = { name: string; url: string; logo: string | null };

/** The website's address as a link may use it: absolute http(s), else null. */
function webAddress(url: string, base: string): URL | null {
  try {
    const parsed = new URL(url, base);
    return parsed.protocol === "https:" || parsed.protocol === "http:" ? parsed : null;
  } catch {
    return null;
  }
}

/**
 * The group's other dealer sites, in the order site.json lists them: the site itself is left out (by
 * slug or host), and a website without a logo the page may load shows its make's logo, as make tiles do.
 */
export function dealershipWebsiteLinks(tenant: Tenant): DealershipWebsiteLink[] {
  const { site } = tenant;
  const ownHosts = new Set([new URL(site.url).host, site.domain_name, ...site.domains].map((host) => host.toLowerCase()));
  return site.dealership_websites.flatMap((website) => {
    const address = webAddress(website.url, site.url);
    if (address === null || website.slug === site.slug || ownHosts.has(address.host)) return [];
    const logo = logoSrc(website.logo, tenant) ?? (website.make ? makeLogoSrc(tenant, website.make) : null);
    return [{ name: website.name, url: address.href, logo }];
  });
}
