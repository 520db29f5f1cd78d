import type { AppLoadContext } from "@remix-run/node";
import { bannerLocations } from "~/server/content/banner-locations";
import { dealershipWebsiteLinks } from "~/server/content/dealership-websites";
import { siteForPage } from "~/server/vehicle-page/masked-site";
import { publicSite } from "~/server/tenants/public-site";
import { activeNotice, type SiteNotice } from "~/server/dashboard/session-data";
import { brandMenu } from "~/server/search/make-logo";
import { readVisitor } from "~/server/visitor/cookie";
import { trackingView } from "~/server/handlers/events";
import { garageEnabled, savedCarsHref, savedState, type SavedState } from "~/server/handlers/garage";

/**
 * What every page's frame shows: the site, the banner's locations, the visitor's saved cars and the
 * tracking settings, and a group site's dealership websites for the footer. It writes nothing and sets no cookie: the visit itself is recorded by the visit
 * beacon (server/handlers/visitor/visit-beacon.ts), so a page is the same for every visitor who has
 * nothing of their own, and a shared cache may keep it (RequestContext.cacheable). A visitor with
 * saved cars or a session (server/visitor/personal.ts) gets their own count, hearts and ids. The site
 * notice comes from the dealer dashboard's website_session_data, the same for every visitor.
 */
export async function rootData(request: Request, context: AppLoadContext) {
  const url = new URL(request.url);
  const notice = await siteNotice(context);
  const unmasked = publicSite(context.tenant);
  const pageSite = siteForPage(unmasked, context.tenant, url);
  const site = { ...pageSite, navigation: { ...pageSite.navigation, header: brandMenu(pageSite.navigation.header, context.tenant) } };
  // The banner's locations list phone numbers: left out while a vehicle page keeps the numbers masked.
  const locations = pageSite === unmasked ? bannerLocations(context.tenant.site) : [];
  const origin = new URL(context.tenant.site.url).origin;
  const dealershipWebsites = dealershipWebsiteLinks(context.tenant);
  if (context.cacheable) {
    const tracking = await trackingView(request, context, null);
    return { site, locations, dealershipWebsites, notice, saved: anonymousSaved(context), tracking, origin };
  }
  const now = Date.now();
  const visitor = await readVisitor(request, context.services.cookies, now, context.newVisitorDeviceId);
  const saved: SavedState = await savedState(request, context, visitor, now);
  return { site, locations, dealershipWebsites, notice, saved, tracking: await trackingView(request, context, visitor), origin };
}

async function siteNotice(context: AppLoadContext): Promise<SiteNotice | null> {
  return activeNotice(await context.services.sessionData.get(context.tenant.site, context.log), Date.now());
}

/** A visitor without saved cars or a session: no hearts, no count. */
function anonymousSaved(context: AppLoadContext): SavedState {
  const garage = garageEnabled(context.tenant) ? context.tenant.site.features.garage_path : null;
  return { ids: [], href: savedCarsHref(context.tenant), signedIn: false, garage };
}
