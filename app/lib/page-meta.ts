import type { MetaDescriptor } from "@remix-run/node";
import { formPageDescription, pageTitle } from "~/server/seo/page-title";

type Match = { id: string; data: unknown };
type RootSite = { name: string; city: string };

/** The site from the root loader's data, which every page's meta can read through `matches`. */
export function rootSite(matches: readonly Match[]): RootSite | null {
  const data = matches.find((match) => match.id === "root")?.data;
  if (typeof data !== "object" || data === null || !("site" in data)) return null;
  const site = (data as { site: unknown }).site;
  if (typeof site !== "object" || site === null || !("name" in site) || !("city" in site)) return null;
  const { name, city } = site as { name: unknown; city: unknown };
  return typeof name === "string" && typeof city === "string" ? { name, city } : null;
}

/** Title with the ' | {site}' suffix and a description, for an indexable page. */
export function titledMeta(matches: readonly Match[], title: string, description: string | ((site: RootSite) => string)): MetaDescriptor[] {
  const site = rootSite(matches);
  if (!site) return [{ title }];
  return [
    { title: pageTitle(title, site.name) },
    { name: "description", content: typeof description === "string" ? description : description(site) },
  ];
}

/** A form page's meta: its title with the site's name, and what the page is for. */
export function formPageMeta(matches: readonly Match[], title: string): MetaDescriptor[] {
  return titledMeta(matches, title, (site) => formPageDescription(title, site));
}
