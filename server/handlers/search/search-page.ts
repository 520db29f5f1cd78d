import type { LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { promoShuffleSeed, shownPromos, type PromoCardView } from "~/server/content/promos";
import { dealerRating } from "~/server/content/reviews";
import { foldFormRanges, isFormQuery } from "~/server/search/form-query";
import { resultsView, type ResultsView } from "~/server/search/results-view";
import type { RequestContext } from "~/server/context";
import type { CardView } from "~/server/stock/card-view";
import { runSearch } from "~/server/search/run-search";
import { searchSuffixCookie } from "~/server/search/search-cookie";
import { changedSearchSuffixes, isPrefetch, redirectForStoredSuffix, searchLinkHref } from "~/server/search/stored-suffix";
import { searchTitle } from "~/server/search/titles";
import { parseSearchUrl } from "~/server/search/url";
import { keywordRedirect, missingNotices, withoutMissingParam } from "~/server/search/words/keyword-redirect";
import { NOINDEX_FOLLOW, searchRobots } from "~/server/seo/search-robots";

/**
 * GET /search/…: the results page. In order: the no-JS filter form's query becomes its shareable URL;
 * keyword text that names filters ("toyota suv under 40k") goes to the URL of those filters; a bare
 * search path takes the visitor's remembered suffix; otherwise the search runs and the page gets its
 * results, the promo cards for the chosen car types, its robots rule and the keyword notices.
 * A 503 page (search unavailable) keeps the title and a retry link.
 */
export async function searchPage({ request, context }: LoaderFunctionArgs) {
  const { tenant, log } = context;
  const url = new URL(request.url);
  const backend = context.services.search.backendFor(tenant);
  const now = Date.now();

  // The no-JS filter form sends min/max inputs and unindexed checkboxes: answer with the shareable URL,
  // its keyword text already read as filters, so the form lands in one redirect.
  if (isFormQuery(url.searchParams)) {
    const folded = new URL(url);
    folded.search = foldFormRanges(url.searchParams).toString();
    const parsed = parseSearchUrl(folded, tenant);
    if (!parsed.ok) throw new Response(parsed.message, { status: 404 });
    const shareable = searchLinkHref(parsed.state, tenant);
    return redirect((await keywordRedirect(new URL(shareable, url), tenant, backend, log, now)) ?? shareable);
  }

  const keywordTarget = await keywordRedirect(url, tenant, backend, log, now);
  if (keywordTarget) return redirect(keywordTarget);

  const cookie = searchSuffixCookie(context.services.cookies);
  const stored: unknown = await cookie.parse(request.headers.get("Cookie"));
  const storedTarget = redirectForStoredSuffix(url, stored, tenant);
  if (storedTarget) return redirect(storedTarget);

  const outcome = await runSearch(url, tenant, backend, log, now);
  if (outcome.kind === "not-found") throw new Response(outcome.message, { status: 404 });
  const remembered = isPrefetch(request.headers) ? null : changedSearchSuffixes(stored, withoutMissingParam(url), tenant);
  const headers: Record<string, string> = remembered === null ? {} : { "Set-Cookie": await cookie.serialize(remembered) };
  if (outcome.kind === "unavailable") {
    return json(
      {
        status: "unavailable" as const,
        title: searchTitle(outcome.state, tenant),
        retryHref: `${url.pathname}${url.search}`,
        view: null,
        promos: [],
        robots: NOINDEX_FOLLOW,
        notices: [],
        rating: null,
      },
      { status: 503, headers },
    );
  }
  const results = resultsForRender(
    resultsView(outcome.state, outcome.page, tenant, now),
    // Promo cards between the results, for the car types chosen (spec 001 §4).
    shownPromos(tenant.home?.promos ?? [], { now, carTypes: outcome.state.carTypes, seed: promoShuffleSeed(tenant.slug, now) }),
    context,
  );
  return json(
    {
      status: "ok" as const,
      title: searchTitle(outcome.state, tenant),
      retryHref: null,
      ...results,
      robots: searchRobots(outcome.state, tenant.site.features.default_city_refinement),
      notices: await missingNotices(url, tenant, backend, log, now),
      rating: dealerRating(tenant.home?.reviews),
    },
    { headers },
  );
}

/** The results view as the page's data: `cards` is null when the server's render alone holds them. */
export type ResultsPageView = Omit<ResultsView, "cards"> & { cards: readonly CardView[] | null; cardCount: number };

/**
 * A document's cards and the promo cards between them go to the server's render only
 * (context.serverRender): drawn there once as HTML the browser keeps without hydrating it, so the page's
 * JSON carries their number, not the ~18 KB of their data. A client navigation's fetch gets them as
 * data, and React draws them.
 */
function resultsForRender(
  view: ResultsView,
  promos: PromoCardView[],
  context: RequestContext,
): { view: ResultsPageView; promos: PromoCardView[] | null } {
  if (!context.document || view.cards.length === 0) return { view: { ...view, cardCount: view.cards.length }, promos };
  context.serverRender.searchResults = { cards: view.cards, promos };
  return { view: { ...view, cards: null, cardCount: view.cards.length }, promos: null };
}
