import type { Site } from "~/server/tenants/schema";
import { defaultSort } from "./default-sort";
import { claimPath } from "./paths";
import { extraRefinementAttributes, facetAttributes, rangeAttributes, type RefinementAttribute, type SearchState } from "./state";

/**
 * What the search URL builder reads of a site (a Tenant is one): its default sort and default
 * city, so pages can build search URLs in the browser without the site object.
 */
export type SearchUrlSite = { site: { features: Pick<Site["features"], "default_sort" | "default_city_refinement"> } };

/** The URL settings of a site, as plain data for the browser. */
export function searchUrlSite(tenant: SearchUrlSite): SearchUrlSite {
  const { default_sort, default_city_refinement } = tenant.site.features;
  return { site: { features: { default_sort, default_city_refinement } } };
}

const writeOrder: ReadonlyArray<RefinementAttribute | "car_type"> = [...facetAttributes, ...extraRefinementAttributes];

// A lone surrogate would make encodeURIComponent throw; states built from stock data may carry one.
function encodeValue(value: string): string {
  return encodeURIComponent(value.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD"));
}

function formatBound(bound: number | undefined): string {
  return bound === undefined ? "" : String(bound);
}

/**
 * State → search URL, written as spec 000 §2 says: refinementList[attr][i]=value, range[attr]=low:high,
 * page only when not 1, sortBy only when not the site's default, q when not empty.
 */
export function searchUrl(state: SearchState, tenant: SearchUrlSite): string {
  const claim = claimPath(state);
  const parts: string[] = [];
  const defaultCity = tenant.site.features.default_city_refinement;

  for (const attribute of writeOrder) {
    if (attribute === "car_type") {
      if (!claim.carTypes) state.carTypes.forEach((value, index) => parts.push(`refinementList[car_type][${index}]=${value}`));
      continue;
    }
    const claimed = (attribute === "make" && claim.make) || (attribute === "model" && claim.model) || (attribute === "body" && claim.body);
    const values = claimed ? [] : (state.refinements[attribute] ?? []);
    values.forEach((value, index) => parts.push(`refinementList[${attribute}][${index}]=${encodeValue(value)}`));
    // Keeps "no city" from turning back into the default city on the next request. Indexed, so the
    // loader doesn't read it as the no-JS form's unindexed checkboxes and redirect to itself.
    if (attribute === "city" && defaultCity && values.length === 0) parts.push("refinementList[city][0]=");
  }
  for (const attribute of rangeAttributes) {
    const range = state.ranges[attribute];
    if (range && (range.min !== undefined || range.max !== undefined)) {
      parts.push(`range[${attribute}]=${formatBound(range.min)}:${formatBound(range.max)}`);
    }
  }
  if (state.sort !== null && state.sort !== defaultSort(tenant)) parts.push(`sortBy=${state.sort}`);
  if (state.page > 1) parts.push(`page=${state.page}`);
  if (state.q !== "") parts.push(`q=${encodeValue(state.q)}`);
  return parts.length === 0 ? claim.path : `${claim.path}?${parts.join("&")}`;
}
