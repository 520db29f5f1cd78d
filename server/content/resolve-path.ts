import type { Site } from "~/server/tenants/schema";
import { PAGE_SLUG } from "./page-schema";

/** Pages every tenant has without a file, built from site.json; always at /{slug}, never under /pages. */
export const BUILT_IN_PAGES = ["about-us", "privacy-policy", "dealerships"] as const;
/** spec 001 §2: /offers answers on every site; without an offers page of its own it lists the site's promos. */
export const OFFERS_PAGE = "offers";
export type BuiltInPage = (typeof BUILT_IN_PAGES)[number] | typeof OFFERS_PAGE;

/**
 * spec 001 §2 content pages a site may not have under that name: /pages/specials is the offers page, and the
 * accessory link camping-gear is the 4x4 site's camping-and-lifestyle page. Used only when the site has no
 * page of the alias's own name.
 */
const PAGE_ALIASES: Record<string, string> = { specials: OFFERS_PAGE, "camping-gear": "camping-and-lifestyle" };

export type ContentTarget =
  { kind: "built-in"; page: BuiltInPage } | { kind: "file"; slug: string } | { kind: "redirect"; location: string } | { kind: "not-found" };

type SiteSwitches = { flags: Pick<Site["flags"], "use_pages_path">; features: Pick<Site["features"], "finance_route" | "locations_page"> };

function isBuiltIn(slug: string): slug is BuiltInPage {
  return (BUILT_IN_PAGES as readonly string[]).includes(slug);
}

/** spec 001 §2: /dealerships (the locations page) exists on the one site whose config turns it on; the others are always there. */
export function hasBuiltInPage(page: BuiltInPage, site: Pick<SiteSwitches, "features">): boolean {
  return page !== "dealerships" || site.features.locations_page;
}

/** spec 001 §2: "/pages/... links drop the /pages prefix unless the site config says to use the pages path". */
export function contentPagePath(slug: string, site: SiteSwitches): string {
  return site.flags.use_pages_path ? `/pages/${slug}` : `/${slug}`;
}

/** `/{page}` or `/pages/{page}` (a trailing slash allowed); null for any other shape. */
function splitPath(pathname: string): { slug: string; prefixed: boolean } | null {
  const segments = pathname.replace(/\/+$/, "").split("/").slice(1);
  if (segments.length === 1) return { slug: segments[0]!, prefixed: false };
  if (segments.length === 2 && segments[0] === "pages") return { slug: segments[1]!, prefixed: true };
  return null;
}

/**
 * Which content page a path means. `hasFile` says whether the tenant has a valid content file
 * for a slug; it is only asked about slugs that passed the slug rule.
 */
export function resolveContentPath(pathname: string, site: SiteSwitches, hasFile: (slug: string) => boolean = () => false): ContentTarget {
  const parts = splitPath(pathname);
  if (!parts || !PAGE_SLUG.test(parts.slug)) return { kind: "not-found" };
  const { slug, prefixed } = parts;

  // spec 001 §2 link rules: old and alternative addresses of pages that live elsewhere.
  if (slug === "contact-us") return { kind: "redirect", location: "/contact" };
  if (slug === "finance-pre-approval") return { kind: "redirect", location: site.features.finance_route };
  if (slug === "blog") return hasFile("news") ? { kind: "redirect", location: contentPagePath("news", site) } : { kind: "not-found" };

  const alias = PAGE_ALIASES[slug];
  if (alias !== undefined && !hasFile(slug)) {
    if (alias === OFFERS_PAGE)
      return { kind: "redirect", location: hasFile(OFFERS_PAGE) ? contentPagePath(OFFERS_PAGE, site) : `/${OFFERS_PAGE}` };
    return hasFile(alias) ? { kind: "redirect", location: contentPagePath(alias, site) } : { kind: "not-found" };
  }
  if (slug === OFFERS_PAGE && !hasFile(slug)) {
    return prefixed ? { kind: "redirect", location: `/${OFFERS_PAGE}` } : { kind: "built-in", page: OFFERS_PAGE };
  }

  if (isBuiltIn(slug)) {
    if (!hasBuiltInPage(slug, site)) return { kind: "not-found" };
    return prefixed ? { kind: "redirect", location: `/${slug}` } : { kind: "built-in", page: slug };
  }

  if (!hasFile(slug)) return { kind: "not-found" };
  const canonical = contentPagePath(slug, site);
  return prefixed === site.flags.use_pages_path ? { kind: "file", slug } : { kind: "redirect", location: canonical };
}
