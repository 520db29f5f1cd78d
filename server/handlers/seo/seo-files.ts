import type { AppLoadContext } from "@remix-run/node";
import { robotsTxt } from "~/server/seo/robots-txt";
import { sitemapUrls, sitemapXml } from "~/server/seo/sitemap";
import { vehicleAdsFeedXml } from "~/server/seo/vehicle-ads-feed";
import { isListed } from "~/server/stock/is-listed";
import type { Vehicle } from "~/server/stock/vehicle";

// Crawlers and Merchant Center fetch these a few times a day; a quarter of an hour keeps stock fresh enough.
const FILE_CACHE = "public, max-age=900";

function unavailable(): Response {
  return new Response("Temporarily unavailable. Please try again shortly.", {
    status: 503,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", "Retry-After": "60" },
  });
}

/** The tenant's vehicles the site lists now (spec 000 §4 stock filter), from the stock store. */
async function listedVehicles(context: AppLoadContext, now: number): Promise<Vehicle[] | null> {
  const { tenant } = context;
  try {
    const vehicles = await context.services.stock.loadVehicles(tenant.slug);
    return vehicles.filter((vehicle) => isListed(vehicle, tenant.site, now));
  } catch (error) {
    context.log.error({ err: error }, "stock unavailable for the sitemap or vehicle feed");
    return null;
  }
}

/** GET /robots.txt. */
export function robotsResponse(context: AppLoadContext): Response {
  return new Response(robotsTxt(context.tenant.site), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}

/** GET /sitemap.xml: the site's pages, listing shortcuts and listed vehicles. */
export async function sitemapResponse(context: AppLoadContext): Promise<Response> {
  const vehicles = await listedVehicles(context, Date.now());
  if (vehicles === null) return unavailable();
  const { tenant, log } = context;
  const urls = sitemapUrls({ tenant, contentSlugs: context.services.contentPages.slugs(tenant, log), vehicles });
  return new Response(sitemapXml(urls), { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": FILE_CACHE } });
}

/** GET /feeds/vehicle-ads.xml: the Google Vehicle Ads (Merchant Center) feed. */
export async function vehicleAdsFeedResponse(context: AppLoadContext): Promise<Response> {
  const vehicles = await listedVehicles(context, Date.now());
  if (vehicles === null) return unavailable();
  return new Response(vehicleAdsFeedXml(context.tenant.site, vehicles), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": FILE_CACHE },
  });
}
