import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import type { ShouldRevalidateFunction } from "@remix-run/react";
import { searchPage } from "~/server/handlers/search/search-page";
import { useLoaderData, useLocation } from "@remix-run/react";
import { encodeBrackets } from "~/server/seo/canonical";
import { useRef, useState } from "react";
import { DealerRating } from "../components/dealer-rating";
import { AppliedChips } from "../components/search/applied-chips";
import { FacetPanel } from "../components/search/facet-panel";
import { FiltersButton, FiltersSheet } from "../components/search/filters-sheet";
import { Pager } from "../components/search/pager";
import { SearchStatusBanner, useSearchStatus } from "../components/search/search-status";
import { SortBar } from "../components/search/sort-bar";
import { ResultsGrid } from "../components/search/results-grid";
import { SAVE_CAR_FETCH_ACTION } from "../components/garage/save-car-button";
import { isAssistantConversation } from "~/app/lib/assistant/conversation";
import { SaveSearchForm } from "../components/garage/save-search-form";
import { KeywordCombobox } from "../components/search/keyword-combobox";
import { KeywordNotices } from "../components/search/keyword-notices";
import { titledMeta } from "../lib/page-meta";
import { useResultClicks } from "../lib/tracking/result-clicks";
import { useTracking } from "../lib/tracking/use-tracking";
import { hitsPerPage } from "~/server/search/state";
import { SiteLink } from "~/app/components/site-link";

// Handler: server/handlers/search/search-page.ts (redirects, the search, the page's data).
export const loader = (args: LoaderFunctionArgs) => searchPage(args);

// A heart or the assistant changes nothing this loader reads (the saved cars are the root's data): the
// results stay as drawn, and the focused heart keeps its focus.
export const shouldRevalidate: ShouldRevalidateFunction = ({ formAction, defaultShouldRevalidate }) =>
  formAction === SAVE_CAR_FETCH_ACTION || isAssistantConversation(formAction) ? false : defaultShouldRevalidate;

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  ...titledMeta(matches, data?.title ?? "Search", data?.view ? `${data.view.totalText} — ${data.title}.` : "Search our stock."),
  ...(data?.robots ? [{ name: "robots", content: data.robots }] : []),
];

function SearchBox({ action, q }: { action: string; q: string }) {
  return (
    <form method="get" action={action} role="search" className="flex max-w-xl gap-2" data-testid="search-box">
      <label htmlFor="search-q" className="sr-only">
        Search by make, model or keyword
      </label>
      <KeywordCombobox id="search-q" name="q" defaultValue={q} className="w-full rounded border border-gray-400 px-3 py-2" />
      <button type="submit" className="rounded bg-brand px-4 py-2 font-semibold text-brand-contrast">
        Search
      </button>
    </form>
  );
}

/** What the results grid shows, for the click listener: how many cards, drawn by the server or by React. */
function shownCards(view: { cards: readonly unknown[] | null; cardCount: number } | null): string {
  return view ? `${view.cards === null ? "server" : "react"}:${view.cardCount}` : "none";
}

export default function SearchPage() {
  const data = useLoaderData<typeof loader>();
  const location = useLocation();
  const status = useSearchStatus();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const filtersButton = useRef<HTMLButtonElement>(null);
  const resultsGrid = useRef<HTMLDivElement>(null);
  useResultClicks(resultsGrid, useTracking(), ((data.view?.pager.page ?? 1) - 1) * hitsPerPage + 1, shownCards(data.view));
  if (data.status === "unavailable" || !data.view) {
    return (
      <section className="rounded-lg bg-white p-8 shadow-sm" data-testid="search-error">
        <h1 className="text-2xl font-bold">{data.title}</h1>
        <p className="mt-4">We couldn't load vehicles just now. Please try again in a moment.</p>
        <SiteLink
          href={data.retryHref ?? location.pathname}
          className="mt-4 inline-block rounded bg-brand px-4 py-2 font-semibold text-brand-contrast"
          data-testid="search-retry"
        >
          Retry
        </SiteLink>
      </section>
    );
  }
  const { view } = data;
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[18rem_1fr]">
      <FiltersSheet open={filtersOpen} onClose={() => setFiltersOpen(false)} resultsText={view.totalText} returnFocus={filtersButton}>
        <FacetPanel facets={view.facets} action={view.formAction} q={view.q} sortBy={view.sortBy} clearAllHref={view.clearAllHref} />
      </FiltersSheet>
      <section className="order-1 min-w-0 space-y-4 lg:order-2" aria-labelledby="results-title">
        <h1 id="results-title" className="text-2xl font-bold" data-testid="search-title">
          {data.title}
        </h1>
        <DealerRating rating={data.rating} />
        <SearchBox action={view.formAction} q={view.q} />
        <SaveSearchForm defaultName={data.title} />
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="font-semibold" data-testid="search-total">
            {view.totalText}
          </p>
          <FiltersButton count={view.applied.length} onOpen={() => setFiltersOpen(true)} buttonRef={filtersButton} />
          <SortBar sorts={view.sorts} />
        </div>
        <KeywordNotices notices={data.notices} />
        <AppliedChips chips={view.applied} clearAllHref={view.clearAllHref} />
        <SearchStatusBanner status={status} />
        {view.cardCount === 0 ? (
          <p className="rounded bg-white p-6" data-testid="search-empty">
            No vehicles match these filters.{" "}
            {view.clearAllHref ? (
              <SiteLink className="underline" href={encodeBrackets(view.clearAllHref)}>
                Clear all filters
              </SiteLink>
            ) : null}
          </p>
        ) : (
          <ResultsGrid
            cards={view.cards}
            promos={data.promos}
            className={`grid gap-4 sm:grid-cols-2 xl:grid-cols-3 ${status === "stalled" ? "opacity-60" : ""}`}
            busy={status !== "idle"}
            gridRef={resultsGrid}
          />
        )}
        <Pager pager={view.pager} />
      </section>
    </div>
  );
}
