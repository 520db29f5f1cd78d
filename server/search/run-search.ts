import type { Logger } from "~/server/lib/logger";
import type { Tenant } from "~/server/tenants/load";
import { buildSearchQueries, searchFilter, searchIndexUid } from "./queries";
import { readSearchResults, type SearchPage } from "./response";
import { hitsPerPage, type SearchState } from "./state";
import { emptySearchState } from "./transitions";
import { SearchUnavailableError, type SearchBackend } from "./types";
import { parseSearchUrl } from "./url";

export type SearchOutcome =
  | { kind: "not-found"; message: string }
  | { kind: "ok"; state: SearchState; page: SearchPage }
  | { kind: "unavailable"; state: SearchState };

const minuteMs = 60_000;

/**
 * The stock filter's sold window moves with the clock; rounding "now" to the minute keeps the
 * query text (and so the results cache key) stable for a minute.
 */
export function searchClock(now: number): number {
  return Math.floor(now / minuteMs) * minuteMs;
}

/** The model names of one make, so /search/{make}/{model} reads back the stock's own spelling. */
async function modelsOfMake(tenant: Tenant, backend: SearchBackend, state: SearchState, now: number): Promise<string[]> {
  const makeOnly = { ...emptySearchState(tenant), refinements: { make: state.refinements.make ?? [] } };
  const [result] = await backend.multiSearch(tenant, [
    { indexUid: searchIndexUid(tenant), q: "", filter: searchFilter(makeOnly, tenant, now), facets: ["model"], limit: 0 },
  ]);
  return Object.keys(result?.facetDistribution?.model ?? {});
}

function namesAModel(url: URL): boolean {
  return url.pathname.replace(/\/+$/, "").split("/").length === 4;
}

/**
 * URL → state → one multi-search → a page of `perPage` results (the results page's 21 unless the
 * caller is the direct search call). Backend failures become an error state, never a throw.
 */
export async function runSearch(
  url: URL,
  tenant: Tenant,
  backend: SearchBackend,
  log: Logger,
  rawNow = Date.now(),
  perPage = hitsPerPage,
): Promise<SearchOutcome> {
  const now = searchClock(rawNow);
  const parsed = parseSearchUrl(url, tenant);
  if (!parsed.ok) return { kind: "not-found", message: parsed.message };
  let state = parsed.state;
  try {
    if (namesAModel(url) && state.refinements.make?.length === 1) {
      const withModels = parseSearchUrl(url, tenant, { models: await modelsOfMake(tenant, backend, state, now) });
      if (!withModels.ok) return { kind: "not-found", message: withModels.message };
      state = withModels.state;
    }
    const results = await backend.multiSearch(tenant, buildSearchQueries(state, tenant, now, perPage));
    return { kind: "ok", state, page: readSearchResults(state, results, perPage) };
  } catch (error) {
    if (!(error instanceof SearchUnavailableError)) log.error({ err: error, url: url.pathname + url.search }, "search failed");
    else log.warn({ err: error.message }, "search backend unavailable");
    return { kind: "unavailable", state };
  }
}
