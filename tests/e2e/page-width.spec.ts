import type { Page } from "@playwright/test";
import { expect, tenantUrl, test } from "./support";
import { demoTenant, detailPath, pickVehicle } from "./vehicle-stock";
import { isListed } from "~/server/stock/is-listed";
import { loadStock } from "~/server/inventory/load-stock";

/**
 * No page is wider than the screen: on every demo tenant, each page kind (home, search with the
 * filters closed and open, vehicle, every form, multi-step steps, compare, saved cars, garage,
 * brands, content, success, 404) at 320–1440 px, JavaScript on and off (the two projects).
 *
 * Cheap by design: each page loads once and is measured at every width by resizing the viewport
 * (media queries and resize listeners run as on a fresh load), so a tenant is one test of ~35 loads.
 */

const WIDTHS = [320, 360, 390, 768, 1024, 1440] as const;
// Below Tailwind's lg breakpoint the filters are a sheet behind the Filters button.
const SHEET_WIDTHS = WIDTHS.filter((width) => width < 1024);
const HEIGHT = 844;

const ALL_TENANTS = ["harbourside", "southern-used", "kiwi-motors", "lakeside-auto", "outback-4x4", "ridgeline-moto", "coastal-campers"];
const TENANTS = process.env.BASE_URL ? ALL_TENANTS.filter((slug) => slug === (process.env.E2E_TENANT ?? "harbourside")) : ALL_TENANTS;

// Form and flow pages that are not in the sitemap (noindex or per-car); a tenant without one answers 404, itself a page kind.
const EXTRA_PATHS = [
  "/search",
  "/book-test-drive",
  "/finance-enquiry",
  "/apply-for-finance",
  "/finance/apply",
  "/sell-my-car",
  "/sell-my-car/steps",
  "/trade-in/valuation",
  "/find-me-something-similar",
  "/request-photos",
  "/fleet",
  "/forget-my-details",
  "/saved-cars",
  "/my-garage",
  "/success",
  "/no-such-page-here",
];

/** The site's own paths from its sitemap, without the per-car and per-search pages (one of each is measured below). */
async function sitemapPaths(page: Page, slug: string): Promise<{ paths: string[]; search: string }> {
  // Node does not resolve <slug>.localhost as the browser does: ask the local server with the tenant's Host header.
  const url = new URL(tenantUrl(slug, "/sitemap.xml"));
  const response = process.env.BASE_URL
    ? await page.request.get(url.toString())
    : await page.request.get(`http://127.0.0.1:${url.port}${url.pathname}`, { headers: { Host: url.host } });
  const xml = await response.text();
  const paths = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
  const brands = paths.filter((path) => path.startsWith("/brands/")).slice(0, 2);
  const rest = paths.filter((path) => !/^\/(search|cars|motorcycles|campers|brands)\//.test(path));
  const search = paths.find((path) => path.startsWith("/search/")) ?? "/search";
  return { paths: [...new Set([...rest, ...brands])], search };
}

function pagePaths(slug: string): { vehicle: string; compare: string } {
  const tenant = demoTenant(slug);
  const now = Date.now();
  const vehicle = pickVehicle(slug);
  const ids = loadStock(tenant)
    .filter((candidate) => isListed(candidate, tenant.site, now))
    .slice(0, 3)
    .map((candidate) => `car=${candidate.id}`);
  return { vehicle: detailPath(slug, vehicle), compare: `/compare?${ids.join("&")}` };
}

type Overflow = { path: string; width: number; scrollWidth: number };

async function measure(page: Page, path: string, widths: readonly number[], overflows: Overflow[]): Promise<void> {
  for (const width of widths) {
    await page.setViewportSize({ width, height: HEIGHT });
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    if (scrollWidth > width) overflows.push({ path, width, scrollWidth });
  }
}

for (const slug of TENANTS) {
  test(`${slug}: every page kind fits the screen at ${WIDTHS.join(", ")} px @width`, async ({ page, javaScriptEnabled }) => {
    // ~35 page loads, each measured at six widths: generous for a loaded machine running two workers.
    test.setTimeout(300_000);
    const overflows: Overflow[] = [];
    const { vehicle, compare } = pagePaths(slug);
    const site = await sitemapPaths(page, slug);
    const search = site.search;
    const paths = [...new Set([...site.paths, search, ...EXTRA_PATHS, vehicle, `${vehicle}/enquire`, `${vehicle}/test-drive`, compare])];
    for (const path of paths) {
      await page.setViewportSize({ width: WIDTHS[0], height: HEIGHT });
      await page.goto(tenantUrl(slug, path));
      await measure(page, path, WIDTHS, overflows);
    }

    // The search page with the Filters sheet open: a link to #filters without JavaScript, a dialog with it.
    await page.setViewportSize({ width: SHEET_WIDTHS[0]!, height: HEIGHT });
    if (javaScriptEnabled) {
      await page.goto(tenantUrl(slug, search));
      const button = page.locator("button[data-testid=filters-button]");
      await button.click();
      await expect(page.getByRole("dialog", { name: "Filters" })).toBeVisible();
    } else {
      await page.goto(tenantUrl(slug, `${search}#filters`));
      await expect(page.getByTestId("search-filters")).toBeVisible();
    }
    await measure(page, `${search} (filters open)`, SHEET_WIDTHS, overflows);

    expect(overflows.map(({ path, width, scrollWidth }) => `${path} at ${width} px: ${scrollWidth} px wide`)).toEqual([]);
  });
}
