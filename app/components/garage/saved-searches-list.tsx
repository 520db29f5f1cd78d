import type { SavedSearchView } from "~/server/handlers/garage/saved-searches";
import { SiteLink } from "~/app/components/site-link";
import { PostForm } from "./post-form";

/** Saved searches with their new matches. */
export function SavedSearchesList({ searches, action }: { searches: SavedSearchView[]; action: string }) {
  return (
    <div className="space-y-3">
      <h2 className="text-lg font-semibold">Saved searches</h2>
      {searches.length === 0 ? (
        <p data-testid="searches-empty">No saved searches yet. Use &lsquo;Save this search&rsquo; on a search page.</p>
      ) : (
        <ul className="space-y-2" data-testid="saved-searches">
          {searches.map((search) => (
            <li key={search.id} className="flex flex-wrap items-center gap-3 rounded bg-white p-3 ring-1 ring-gray-200">
              <SiteLink href={search.url} className="font-semibold text-brand underline">
                {search.name}
              </SiteLink>
              {search.newMatchesText ? (
                <span className="rounded bg-green-700 px-2 py-0.5 text-xs font-bold text-white" data-testid="new-matches">
                  {search.newMatchesText}
                </span>
              ) : null}
              {search.newMatchesText ? (
                <PostForm action={action} fields={{ intent: "seen-search", search_id: search.id }}>
                  <button type="submit" className="text-sm underline">
                    Mark {search.name} as seen
                  </button>
                </PostForm>
              ) : null}
              <PostForm action={action} fields={{ intent: "search-digest", search_id: search.id, on: search.digest ? "0" : "1" }}>
                <button type="submit" className="text-sm underline" data-testid="search-digest">
                  {search.digest ? `Stop the daily email for ${search.name}` : `Email me new matches for ${search.name} daily`}
                </button>
              </PostForm>
              <PostForm action={action} fields={{ intent: "delete-search", search_id: search.id }}>
                <button type="submit" className="text-sm underline">
                  Delete {search.name}
                </button>
              </PostForm>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
