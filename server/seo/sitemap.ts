import { BUILT_IN_PAGES, contentPagePath, hasBuiltInPage } from "~/server/content/resolve-path";
import { searchUrl } from "~/server/search/url";
import { emptySearchState, withRefinementToggled } from "~/server/search/transitions";
import { defaultSearchPath } from "~/server/search/paths";
import { vehicleHref } from "~/server/stock/can-reserve";
import { carTypeOrder } from "~/server/search/state";
import type { Vehicle } from "~/server/stock/vehicle";
import type { Tenant } from "~/server/tenants/load";
import type { NavItem } from "~/server/tenants/schema";
import { canonicalHref, canonicalPathname } from "./canonical";
import { xmlText } from "./xml-text";

/** sitemaps.org 0.9: at most 50,000 URLs in one file. */
export const SITEMAP_MAX_URLS = 50_000;

export const SITEMAP_NAMESPACE = "http://www.sitemaps.org/schemas/sitemap/0.9";

export type SitemapInput = {
  tenant: Tenant;
  /** Slugs of the tenant's content page files (tenants/<slug>/pages/*.json) that load. */
  contentSlugs: readonly string[];
  /** The vehicles the site lists now (spec 000 §4 stock filter applied by the caller). */
  vehicles: ReadonlyArray<Pick<Vehicle, "slug" | "make" | "car_type">>;
};

// Addresses that only redirect elsewhere (spec 001 §2 link rules); a sitemap lists where they land.
const REDIRECTING_PATHS: ReadonlySet<string> = new Set(["/contact-us", "/blog"]);
// spec 000 §2: one finance route per site; the other two (and /finance-pre-approval) redirect to it.
const FINANCE_PATHS: ReadonlySet<string> = new Set(["/finance", "/finance-enquiry", "/apply-for-finance", "/finance-pre-approval"]);

function navigationPaths(tenant: Tenant): string[] {
  const { navigation } = tenant.site;
  const urls: string[] = [];
  const walk = (items: readonly NavItem[]) => {
    for (const item of items) {
      urls.push(item.url);
      if (item.children) walk(item.children);
    }
  };
  walk(navigation.header);
  for (const column of navigation.footer) urls.push(...column.links.map((link) => link.url));
  urls.push(...navigation.footerProducts1.map((link) => link.url), ...navigation.footerProducts2.map((link) => link.url));
  // Site paths only, without a query (a preset-refinement link is a search, not a page of its own).
  return urls.filter((url) => url.startsWith("/") && !url.startsWith("//") && !url.includes("?") && !url.includes("#"));
}

/** A navigation path as the site serves it: /pages/x without the pages path goes to /x (spec 001 §2). */
function servedPath(path: string, tenant: Tenant): string | null {
  const clean = canonicalPathname(path);
  if (REDIRECTING_PATHS.has(clean)) return null;
  if (FINANCE_PATHS.has(clean)) return tenant.site.features.finance_route;
  const pages = /^\/pages\/([a-z0-9-]+)$/.exec(clean);
  if (pages) return contentPagePath(pages[1]!, tenant.site);
  return clean;
}

/** Listing shortcuts (spec 000 §2): the listing, each car type in stock, each make in stock on its own path. */
function listingPaths(input: SitemapInput): string[] {
  const { tenant, vehicles } = input;
  const empty = emptySearchState(tenant);
  const paths = ["/search", defaultSearchPath(tenant)];
  const carTypes = new Set(vehicles.map((vehicle) => vehicle.car_type));
  for (const carType of carTypeOrder)
    if (carTypes.has(carType)) paths.push(searchUrl(withRefinementToggled(empty, "car_type", carType), tenant));
  const makes = [...new Set(vehicles.map((vehicle) => vehicle.make.trim()).filter((make) => make !== ""))].sort();
  for (const make of makes) paths.push(searchUrl(withRefinementToggled(empty, "make", make), tenant));
  // A make outside the known list is a query refinement, not a shortcut with its own path.
  return paths.filter((path) => !path.includes("?"));
}

/**
 * Every address of a site a search engine should know: the home page, the pages its
 * navigation links, the built-in and content pages, the listing shortcuts and every listed vehicle;
 * absolute, canonical and each once, pages before vehicles, at most 50,000.
 */
export function sitemapUrls(input: SitemapInput): string[] {
  const { tenant } = input;
  const { site } = tenant;
  const origin = new URL(site.url).origin;
  const paths: string[] = ["/", "/contact"];
  for (const path of navigationPaths(tenant)) {
    const served = servedPath(path, tenant);
    if (served) paths.push(served);
  }
  for (const page of BUILT_IN_PAGES) if (hasBuiltInPage(page, site)) paths.push(`/${page}`);
  for (const slug of input.contentSlugs) paths.push(contentPagePath(slug, site));
  paths.push(...listingPaths(input));
  for (const vehicle of input.vehicles) paths.push(vehicleHref(vehicle, site));
  const urls = [...new Set(paths.map((path) => canonicalHref(origin, path, "")))];
  return urls.slice(0, SITEMAP_MAX_URLS);
}

/** A sitemaps.org 0.9 `urlset` of the URLs. */
export function sitemapXml(urls: readonly string[]): string {
  const body = urls.map((url) => `<url><loc>${xmlText(url)}</loc></url>`).join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${SITEMAP_NAMESPACE}">\n${body}\n</urlset>\n`;
}
