import type { SearchState } from "~/server/search/state";

/** The robots meta content of a search page that should stay out of search engines' indexes. */
export const NOINDEX_FOLLOW = "noindex,follow";

/**
 * How many refinements a search state carries, counted as a shopper would: the car type choice is
 * one (new-and-demo-cars is one shortcut), a preset is one, a model refines its make (so
 * /search/toyota/corolla is one), each other value and each range is one. The site's own default
 * city refinement (spec 000 §2: two tenants) is not the shopper's and does not count.
 */
export function refinementCount(state: SearchState, defaultCity: string | null): number {
  let count = state.carTypes.length > 0 ? 1 : 0;
  if (state.preset) count += 1;
  const hasMake = (state.refinements.make?.length ?? 0) > 0;
  for (const [attribute, values] of Object.entries(state.refinements)) {
    if (!values) continue;
    if (attribute === "model" && hasMake) continue;
    count += attribute === "city" && defaultCity !== null ? values.filter((value) => value !== defaultCity).length : values.length;
  }
  for (const range of Object.values(state.ranges)) if (range && (range.min !== undefined || range.max !== undefined)) count += 1;
  return count;
}

/**
 * Search pages with more than one refinement or a text query are `noindex,follow`
 * (crawlers follow their links to the vehicles but keep the endless combinations out of the index);
 * null for pages that may be indexed.
 */
export function searchRobots(state: SearchState, defaultCity: string | null): string | null {
  if (state.q.trim() !== "") return NOINDEX_FOLLOW;
  return refinementCount(state, defaultCity) > 1 ? NOINDEX_FOLLOW : null;
}
