import type { Vehicle } from "~/server/stock/vehicle";
import { disjunctiveFacetKeys } from "./queries";
import { hitsPerPage, type SearchState } from "./state";
import type { FacetDistribution, FacetStats, SearchResult } from "./types";

/** A results page; also the JSON of GET /api/search. */
export type SearchPage = {
  hits: Vehicle[];
  estimatedTotalHits: number;
  processingTimeMs: number;
  facetDistribution: FacetDistribution;
  facetStats: FacetStats;
  limit: number;
  /** 1-based. */
  page: number;
  pages: number;
};

/**
 * Reads a multi-search response built by buildSearchQueries (spec 000 §7): hits and totals from
 * the main query; each refined facet's counts and stats from its own count query.
 */
export function readSearchResults(state: SearchState, results: readonly SearchResult[], perPage = hitsPerPage): SearchPage {
  const [main, ...counts] = results;
  const facetDistribution: FacetDistribution = { ...main?.facetDistribution };
  const facetStats: FacetStats = { ...main?.facetStats };
  disjunctiveFacetKeys(state).forEach((key, index) => {
    const own = counts[index];
    if (!own) return;
    facetDistribution[key] = own.facetDistribution?.[key] ?? {};
    const stats = own.facetStats?.[key];
    if (stats) facetStats[key] = stats;
    else delete facetStats[key];
  });
  const estimatedTotalHits = main?.estimatedTotalHits ?? 0;
  return {
    hits: main?.hits ?? [],
    estimatedTotalHits,
    processingTimeMs: main?.processingTimeMs ?? 0,
    facetDistribution,
    facetStats,
    limit: perPage,
    page: state.page,
    // spec 000 §7: pages = ceil(total/limit).
    pages: Math.ceil(estimatedTotalHits / perPage),
  };
}
