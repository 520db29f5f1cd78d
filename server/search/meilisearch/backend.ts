import { Meilisearch, MeilisearchApiError, type Hit } from "meilisearch";
import { logger as rootLogger, type Logger } from "~/server/lib/logger";
import type { Vehicle } from "~/server/stock/vehicle";
import type { Tenant } from "~/server/tenants/load";
import { InvalidSearchQueryError } from "~/server/search/embedded/invalid-query";
import { SearchUnavailableError, type SearchBackend, type SearchQuery, type SearchResult } from "~/server/search/types";
import { searchIndexUid } from "~/server/search/queries";
import { meilisearchConnectionFor, type MeilisearchConnection } from "./connection";

export type MeilisearchBackendOptions = {
  /** Per-request timeout; past it the page shows its search error state. */
  timeoutMs?: number;
  /** Defaults to the tenant's site.search, else MEILISEARCH_HOST/MEILISEARCH_API_KEY as the environment holds them. */
  connectionFor?: (tenant: Tenant) => MeilisearchConnection | null;
  logger?: Logger;
};

export const defaultSearchTimeoutMs = 3_000;

// spec 000 §5: a detail slug is letters, digits, hyphen or underscore; anything else finds nothing.
const slugPattern = /^[A-Za-z0-9_-]+$/;

/** Search through a Meilisearch server with the multi-search call, queries sent unchanged. */
export function createMeilisearchBackend(options: MeilisearchBackendOptions = {}): SearchBackend {
  const timeout = options.timeoutMs ?? defaultSearchTimeoutMs;
  const connectionFor =
    options.connectionFor ??
    ((tenant: Tenant) =>
      meilisearchConnectionFor(tenant, {
        MEILISEARCH_HOST: process.env.MEILISEARCH_HOST,
        MEILISEARCH_API_KEY: process.env.MEILISEARCH_API_KEY,
      }));
  const log = options.logger ?? rootLogger;
  const clients = new Map<string, Meilisearch>();

  function clientFor(tenant: Tenant): Meilisearch {
    const connection = connectionFor(tenant);
    if (!connection) throw new SearchUnavailableError(`No Meilisearch host configured for tenant ${tenant.slug}`);
    const key = `${connection.host}\n${connection.apiKey ?? ""}`;
    let client = clients.get(key);
    if (!client) {
      client = new Meilisearch({ host: connection.host, apiKey: connection.apiKey, timeout });
      clients.set(key, client);
    }
    return client;
  }

  async function multiSearch(tenant: Tenant, queries: SearchQuery[]): Promise<SearchResult[]> {
    const client = clientFor(tenant);
    try {
      const response = await client.multiSearch<{ queries: SearchQuery[] }, Vehicle>({ queries });
      return response.results.map((result, index) => ({
        indexUid: result.indexUid,
        hits: result.hits.map(withoutSearchMetadata),
        query: result.query,
        processingTimeMs: result.processingTimeMs,
        limit: result.limit ?? queries[index]?.limit ?? 20,
        offset: result.offset ?? queries[index]?.offset ?? 0,
        estimatedTotalHits: result.estimatedTotalHits ?? result.totalHits ?? result.hits.length,
        ...(result.facetDistribution ? { facetDistribution: result.facetDistribution } : {}),
        ...(result.facetStats ? { facetStats: result.facetStats } : {}),
      }));
    } catch (error) {
      throw translateError(error, tenant, log);
    }
  }

  return {
    name: "meilisearch",
    multiSearch,
    async getVehicle(tenant: Tenant, slug: string): Promise<Vehicle | null> {
      if (!slugPattern.test(slug)) return null;
      const [result] = await multiSearch(tenant, [{ indexUid: searchIndexUid(tenant), filter: [`slug = "${slug}"`], limit: 1 }]);
      return result?.hits[0] ?? null;
    },
  };
}

/** Hits carry Meilisearch's own fields (_formatted, ranking scores) that are not part of a Vehicle. */
function withoutSearchMetadata(hit: Hit<Vehicle>): Vehicle {
  // The order keys are the index's (listing-order.ts), not the vehicle's: hits match the embedded engine's.
  const { _formatted, _matchesPosition, _rankingScore, _rankingScoreDetails, _federation, sale_order, price_order, ...vehicle } = hit;
  return vehicle;
}

/**
 * A rejected query (invalid_search_*) is our request's fault: InvalidSearchQueryError, as the
 * embedded engine raises. Anything else (HTTP error, unreachable, timeout, a proxy's HTML error
 * page the client cannot parse) means search is unavailable: the page shows its error state, never a 500.
 */
function translateError(error: unknown, tenant: Tenant, log: Logger): Error {
  if (error instanceof MeilisearchApiError && error.cause?.code?.startsWith("invalid_search")) {
    log.warn({ tenant: tenant.slug, code: error.cause.code, err: error }, "meilisearch rejected a search query");
    return new InvalidSearchQueryError(error.cause.message ?? error.message);
  }
  const status = error instanceof MeilisearchApiError ? error.response.status : undefined;
  const name = error instanceof Error ? error.name : typeof error;
  const message = error instanceof Error ? error.message : String(error);
  log.error({ tenant: tenant.slug, status, errorName: name, err: error }, "meilisearch search failed");
  return new SearchUnavailableError(`Search is unavailable (${name}: ${message})`, { cause: error });
}
