import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { directSearchLimit } from "~/server/search/direct-search";
import { publicHit } from "~/server/search/public-hits";
import { runSearch } from "~/server/search/run-search";
import { keywordRedirect } from "~/server/search/words/keyword-redirect";

/**
 * GET /api/search/{search-path}?{same query}: the JSON of exactly the state the results page
 * would show (spec 000 §3 search response plus page and pages), 100 hits per page (spec 000 §9).
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const asked = new URL(`/search/${params["*"] ?? ""}${url.search}`, url);
  const backend = context.services.search.backendFor(context.tenant);
  const now = Date.now();
  // Keyword text that names filters is answered as those filters, as the results page does.
  const keywordTarget = await keywordRedirect(asked, context.tenant, backend, context.log, now);
  const searchUrl = keywordTarget ? new URL(keywordTarget, url) : asked;
  const askedPage = asked.searchParams.get("page");
  if (keywordTarget && askedPage !== null) searchUrl.searchParams.set("page", askedPage);
  const outcome = await runSearch(searchUrl, context.tenant, backend, context.log, now, directSearchLimit(url.searchParams));
  const headers = { "Cache-Control": "no-store" };
  if (outcome.kind === "not-found") return json({ error: outcome.message }, { status: 404, headers });
  if (outcome.kind === "unavailable") return json({ error: "Search is temporarily unavailable" }, { status: 503, headers });
  const { page } = outcome;
  return json(
    {
      hits: page.hits.map(publicHit),
      estimatedTotalHits: page.estimatedTotalHits,
      processingTimeMs: page.processingTimeMs,
      facetDistribution: page.facetDistribution,
      facetStats: page.facetStats,
      limit: page.limit,
      page: page.page,
      pages: page.pages,
    },
    { headers },
  );
}
