import type { Site, SortValue } from "~/server/tenants/schema";

/** spec 000 §9: the site's default sort, never written into a search URL. Kept free of the site schema so the browser can use it. */
export function defaultSort(site: { site: { features: Pick<Site["features"], "default_sort"> } }): SortValue {
  return site.site.features.default_sort;
}
