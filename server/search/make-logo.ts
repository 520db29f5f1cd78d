import { imageUrl } from "~/server/images/image-url";
import { resolveImageSource } from "~/server/images/source";
import type { Tenant } from "~/server/tenants/load";
import type { NavItem } from "~/server/tenants/schema";
import { knownMake, makeBySlug } from "./makes";

/** Our generated lettermarks (server/search/tile-images.ts): a site path the page may use as it is. */
const LETTERMARK_PATH = /^\/images\/makes\/[a-z0-9-]+\.svg$/;
/** Tiles draw logos 80 px wide; twice that for sharp screens. */
const LOGO_WIDTH = 160;

/**
 * A logo address as the page may use it: our lettermark path as is, the site's own image files and
 * allowed hosts (site.image_hosts) through the image optimiser, which keeps them on our origin (the CSP
 * allows images from 'self' only); anything the optimiser would refuse is null.
 */
export function logoSrc(url: string | null | undefined, tenant: Tenant): string | null {
  if (!url) return null;
  if (LETTERMARK_PATH.test(url)) return url;
  return resolveImageSource(url, tenant).kind === "rejected" ? null : imageUrl(url, LOGO_WIDTH);
}

/** The generated lettermark of a known make (its initials), or null for a make we do not know. */
export function lettermarkSrc(make: string): string | null {
  const known = knownMake(make) ?? makeBySlug(make);
  return known ? `/images/makes/${known.slug}.svg` : null;
}

/** The logo the tenant's manufacturer list gives a make (spec 001 §3 logo.url), matched by slug or name. */
function listedLogo(tenant: Tenant, make: string): string | null {
  const wanted = make.trim().toLowerCase();
  const slug = knownMake(make)?.slug ?? wanted;
  const entry = tenant.site.manufacturers.find((item) => item.slug.toLowerCase() === slug || item.name.toLowerCase() === wanted);
  return entry?.logo.url ?? null;
}

/**
 * spec 000 §2 "make tiles show the brand logo": the logo the manufacturer call gives (`provided`), else
 * the tenant's manufacturer list, else our lettermark; a logo the page could not load falls back too.
 */
export function makeLogoSrc(tenant: Tenant, make: string, provided: string | null = null): string | null {
  return logoSrc(provided, tenant) ?? logoSrc(listedLogo(tenant, make), tenant) ?? lettermarkSrc(make);
}

/** The make a menu link goes to: /search/{make} or /brands/{make}. */
function linkedMake(url: string): string | null {
  const slug = /^\/(?:search|brands)\/([a-z0-9-]+)\/?$/.exec(url)?.[1];
  return slug && makeBySlug(slug) ? slug : null;
}

/**
 * spec 001 §2 "Brand menu items carry name, url, logo": each header dropdown item shows the logo
 * site.json gives it, else the logo of the make it links to (as the tiles do: the tenant's manufacturer
 * list, else our lettermark); an item of no known make and no logo of its own has none.
 */
export function brandMenu(header: readonly NavItem[], tenant: Tenant): NavItem[] {
  return header.map((item) => {
    if (!item.children) return item;
    const children = item.children.map((child) => {
      const make = linkedMake(child.url);
      // A configured lettermark path gives way to the dealer's own logo for that make.
      const own = child.logo && !LETTERMARK_PATH.test(child.logo) ? logoSrc(child.logo, tenant) : null;
      const logo = own ?? (make ? makeLogoSrc(tenant, make) : logoSrc(child.logo, tenant));
      if (logo !== null && logo !== undefined) return { ...child, logo };
      // No logo: no key at all, as the page's JSON carries it, so the server renders the same data
      // the browser hydrates from (and takes it as it is, without a JSON round trip).
      const { logo: _none, ...bare } = child;
      return bare;
    });
    return { ...item, children };
  });
}
