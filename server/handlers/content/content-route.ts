import { json, redirect, type AppLoadContext } from "@remix-run/node";
import { aboutView, dealershipsView, type AboutView, type DealershipsView } from "~/server/content/built-in-pages";
import type { ContentPage } from "~/server/content/page-schema";
import { privacyPage } from "~/server/content/privacy-page";
import { offersView, type OffersView } from "~/server/content/offers-page";
import { hasBuiltInPage, resolveContentPath, type BuiltInPage } from "~/server/content/resolve-path";
import { shareSite } from "~/server/seo/share-meta";

export type ContentView = { kind: "page"; slug: string; page: ContentPage } | AboutView | DealershipsView | OffersView;

// Shown by root's ErrorBoundary under "Page not found".
export const PAGE_NOT_FOUND = "We couldn't find that page. It may have moved.";

function builtInView(page: BuiltInPage, context: AppLoadContext): ContentView {
  const { site } = context.tenant;
  if (page === "about-us") return aboutView(site);
  if (page === "dealerships") return dealershipsView(site);
  if (page === "offers") return offersView(site, context.tenant.home?.promos ?? [], Date.now());
  return { kind: "page", slug: page, page: privacyPage(site) };
}

/**
 * The loader of every content route: the page a path means for this tenant, a 301 to its
 * canonical address, or a 404 Response for root's ErrorBoundary. Files are only read from
 * the requesting tenant's own folder.
 */
export function contentLoader({ request, context }: { request: Request; context: AppLoadContext }, fixed?: BuiltInPage) {
  const url = new URL(request.url);
  const { tenant, log } = context;
  const target = fixed
    ? hasBuiltInPage(fixed, tenant.site)
      ? ({ kind: "built-in", page: fixed } as const)
      : ({ kind: "not-found" } as const)
    : resolveContentPath(url.pathname, tenant.site, (slug) => context.services.contentPages.load(tenant, slug, log) !== null);
  if (target.kind === "redirect") throw redirect(`${target.location}${url.search}`, 301);
  if (target.kind === "not-found") throw new Response(PAGE_NOT_FOUND, { status: 404 });
  let view: ContentView;
  if (target.kind === "built-in") {
    view = builtInView(target.page, context);
  } else {
    const page = context.services.contentPages.load(tenant, target.slug, log);
    if (!page) throw new Response(PAGE_NOT_FOUND, { status: 404 });
    view = { kind: "page", slug: target.slug, page };
  }
  return json({ view, siteName: tenant.site.name, share: shareSite(tenant.site), pathname: url.pathname });
}
