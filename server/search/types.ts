import type { Vehicle } from "~/server/stock/vehicle";
import type { Tenant } from "~/server/tenants/load";

/**
 * One query of a Meilisearch multi-search request, in Meilisearch's own shape (spec 000 §7).
 * `filter`: outer array ANDed, inner arrays ORed; each string is a Meilisearch filter expression
 * from the subset both backends understand: `attr = "value"`, `attr = true`, `attr >= 5`,
 * `attr <= 5`, `attr > 5`, `attr < 5`, `attr 5 TO 10`.
 */
export type SearchQuery = {
  indexUid: string;
  q?: string;
  filter?: Array<string | string[]>;
  facets?: string[];
  sort?: string[];
  limit?: number;
  offset?: number;
  attributesToHighlight?: string[];
  highlightPreTag?: string;
  highlightPostTag?: string;
};

export type FacetDistribution = Record<string, Record<string, number>>;
export type FacetStats = Record<string, { min: number; max: number }>;

/** One result of a multi-search response, Meilisearch's shape. */
export type SearchResult = {
  indexUid: string;
  hits: Vehicle[];
  query: string;
  processingTimeMs: number;
  limit: number;
  offset: number;
  estimatedTotalHits: number;
  facetDistribution?: FacetDistribution;
  facetStats?: FacetStats;
};

/** Raised by a backend for a failed or timed-out search; the page shows its error state. */
export class SearchUnavailableError extends Error {
  override name = "SearchUnavailableError";
}

export interface SearchBackend {
  readonly name: "embedded" | "meilisearch";
  multiSearch(tenant: Tenant, queries: SearchQuery[]): Promise<SearchResult[]>;
  /** The vehicle with this slug from the tenant's index, or null. No stock filter applied here. */
  getVehicle(tenant: Tenant, slug: string): Promise<Vehicle | null>;
}
