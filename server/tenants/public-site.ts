import type { Site, NavItem, OpeningHour } from "./schema";
import type { Tenant } from "./load";
import { defaultSearchPath } from "./default-search-path";

/** What the browser may see of a tenant's config: no env names, no delivery targets, no API settings. */
export type PublicSite = {
  slug: string;
  name: string;
  company_name: string;
  template: Site["template"];
  city: string;
  state: string;
  logo: Site["logo"];
  phone: string;
  email: string | null;
  locale: Site["locale"];
  currency: Site["currency"];
  distance_unit: Site["distance_unit"];
  theme: Site["theme"];
  navigation: Site["navigation"];
  social: Site["social"];
  header_hover_open: boolean;
  default_search_path: string;
  primary_location: {
    slug: string;
    name: string;
    address: string;
    map_url: string;
    phone: string;
    opening_hours: OpeningHour[];
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
    template: site.template,
    city: site.city,
    state: site.state,
    logo: site.logo,
    phone: site.phone,
    email: site.email,
    locale: site.locale,
    currency: site.currency,
    distance_unit: site.distance_unit,
    theme: site.theme,
    navigation: site.navigation,
    social: site.social,
    header_hover_open: site.features.header_hover_open,
    default_search_path: defaultSearchPath(site),
    primary_location: {
      slug: primary.slug,
      name: primary.name,
      address: primary.address.full,
      map_url: primary.address.map_url,
      phone: primary.contact_detail.phone,
      opening_hours: primary.contact_detail.opening_hours,
    },
  };
}

export type { NavItem };
