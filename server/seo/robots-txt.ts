import type { Site } from "~/server/tenants/schema";

/**
 * Addresses crawlers have no use for: the JSON and mock lead APIs, the thank-you page, the
 * visitor's own data page, and the form steps behind a vehicle (enquire, test drive, checkout)
 * which repeat the vehicle page.
 */
const DISALLOWED = ["/api/", "/mock/", "/success", "/forget-my-details", "/*/enquire$", "/*/test-drive$", "/*/checkout$", "/*/buy-online$"];

/** `/robots.txt` of one site: everything else may be crawled, and the sitemap is named. */
export function robotsTxt(site: Pick<Site, "url">): string {
  const origin = new URL(site.url).origin;
  return ["User-agent: *", "Allow: /", ...DISALLOWED.map((path) => `Disallow: ${path}`), "", `Sitemap: ${origin}/sitemap.xml`, ""].join(
    "\n",
  );
}
