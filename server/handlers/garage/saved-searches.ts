import type { AppLoadContext } from "@remix-run/node";
import { latestFirst } from "~/server/garage/saved-searches";
import { runSearch } from "~/server/search/run-search";

export type SavedSearchView = {
  id: number;
  name: string;
  url: string;
  newMatches: number | null;
  newMatchesText: string | null;
  digest: boolean;
};

// One page of the latest hits is enough to tell "n new": a search with more new cars than this says "100+".
const NEW_MATCHES_PAGE = 100;

/**
 * A signed-in shopper's saved searches, newest first, each with its new matches: cars
 * listed since it was saved or last marked seen. A failed search shows no count, never an error.
 */
export async function savedSearchesOf(context: AppLoadContext, userId: string): Promise<SavedSearchView[]> {
  const { tenant } = context;
  const rows = await context.services.garage.searches.list(tenant.slug, userId);
  const backend = context.services.search.backendFor(tenant);
  return Promise.all(
    rows.map(async (row) => {
      const outcome = await runSearch(
        new URL(latestFirst(row.url), "http://internal"),
        tenant,
        backend,
        context.log,
        Date.now(),
        NEW_MATCHES_PAGE,
      );
      if (outcome.kind !== "ok")
        return { id: row.id, name: row.name, url: row.url, newMatches: null, newMatchesText: null, digest: row.digest };
      const fresh = outcome.page.hits.filter((hit) => hit.created_at_timestamp > row.seen_at).length;
      const text = fresh === 0 ? null : fresh >= NEW_MATCHES_PAGE ? `${NEW_MATCHES_PAGE}+ new` : `${fresh} new`;
      return { id: row.id, name: row.name, url: row.url, newMatches: fresh, newMatchesText: text, digest: row.digest };
    }),
  );
}
