import type { Site, NavItem, OpeningHour } from "./schema";
import type { Tenant } from "./load";

/**
 * What the browser may see of a tenant's config, and only what the browser's own drawing reads (the
 * header, the footer, page titles): it is in every page's JSON. No env names, no delivery targets, no
 * API settings.
 */
export type PublicSite = {
  slug: string;
  name: string;
  company_name: string;
  city: string;
  state: string;
  logo: Site["logo"];
  phone: string;
  locale: Site["locale"];
  theme: Site["theme"];
  navigation: Site["navigation"];
  header_hover_open: boolean;
  primary_location: {
    slug: string;
    name: string;
    address: string;
    phone: string;
    /** As the footer lists them: the day, and its hours or Closed. */
    opening_hours: Array<Pick<OpeningHour, "weekday" | "status" | "formated_hours">>;
  };
};

/** spec 001 §9: location ordering sales, service, parts; the primary location first. */
export function primaryLocation(site: Site) {
  const visible = site.locations.filter((l) => l.visible);
  const pool = visible.length > 0 ? visible : site.locations;
  return pool.find((l) => l.primary) ?? [...pool].sort((a, b) => a.position - b.position)[0]!;
}

export function publicSite(tenant: Tenant): PublicSite {
  const { site } = tenant;
  const primary = primaryLocation(site);
  return {
    slug: site.slug,
    name: site.name,
    company_name: site.company_name,
    city: site.city,
    state: site.state,
    logo: site.logo,
    phone: site.phone,
    locale: site.locale,
    theme: site.theme,
    navigation: site.navigation,
    header_hover_open: site.features.header_hover_open,
    primary_location: {
      slug: primary.slug,
      name: primary.name,
      address: primary.address.full,
      phone: primary.contact_detail.phone,
      opening_hours: primary.contact_detail.opening_hours.map(({ weekday, status, formated_hours }) => ({
        weekday,
        status,
        formated_hours,
      })),
    },
  };
}

export type { NavItem };
