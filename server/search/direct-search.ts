/** spec 000 §9: "Default search page size: 21 in the wrapper, 100 in the direct search call" (GET /api/search). */
export const directSearchHitsPerPage = 100;

const limitValue = /^[1-9]\d{0,2}$/;

/**
 * The direct search call's page size: `limit` from 1 to 100 asks for fewer hits (a count needs
 * one); anything else is ignored, as the search URL ignores nonsense, and the default applies.
 */
export function directSearchLimit(params: URLSearchParams): number {
  const raw = params.get("limit");
  if (raw === null || !limitValue.test(raw)) return directSearchHitsPerPage;
  return Math.min(Number(raw), directSearchHitsPerPage);
}

/** The direct search call for a results page's URL: /api before the same path and query (GET /api/search). */
export function directSearchHref(resultsHref: string, limit?: number): string {
  if (limit === undefined) return `/api${resultsHref}`;
  return `/api${resultsHref}${resultsHref.includes("?") ? "&" : "?"}limit=${limit}`;
}
