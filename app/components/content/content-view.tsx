import type { ContentView as View } from "~/server/handlers/content/content-route";
import { shareMeta, type ShareSite } from "~/server/seo/share-meta";
import { AboutPage } from "./about-page";
import { ContentPage } from "./content-page";
import { DealershipsPage } from "./dealerships-page";
import { OffersPage } from "./offers-page";

export function ContentView({ view }: { view: View }) {
  if (view.kind === "about") return <AboutPage view={view} />;
  if (view.kind === "dealerships") return <DealershipsPage view={view} />;
  if (view.kind === "offers") return <OffersPage view={view} />;
  return <ContentPage page={view.page} slug={view.slug} />;
}

/** Title and description for every content route's meta. */
export function contentMeta(data: { view: View; siteName: string; share: ShareSite; pathname: string } | undefined) {
  if (!data) return [{ title: "Page not found" }];
  const { view } = data;
  const title = view.kind === "page" ? view.page.title : view.title;
  const description = view.kind === "page" ? view.page.description : view.description;
  const fullTitle = `${title} | ${data.siteName}`;
  const share = shareMeta(data.share, { title: fullTitle, description, pathname: data.pathname });
  return [{ title: fullTitle }, { name: "description", content: description }, ...share];
}
