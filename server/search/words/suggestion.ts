import { formatNumber } from "~/server/lib/format";
import type { Logger } from "~/server/lib/logger";
import type { Tenant } from "~/server/tenants/load";
import { searchFilter, searchIndexUid } from "~/server/search/queries";
import { searchClock } from "~/server/search/run-search";
import { searchLinkHref } from "~/server/search/stored-suffix";
import { vehicleNoun } from "~/server/search/titles";
import { emptySearchState } from "~/server/search/transitions";
import type { SearchBackend } from "~/server/search/types";
import { parseSearchUrl } from "~/server/search/url";
import { interpretQuery } from "./interpret";
import { interpretedHref, understoodLabels, withInterpretation } from "./keyword-search";
import { siteVocabulary } from "./site-vocabulary";

/** What the keyword box suggests while the shopper types: the filters understood, the count and where it leads. */
export type KeywordSuggestion = {
  labels: string[];
  text: string;
  count: number;
  /** "Toyota · SUV · Under $40,000 — 28 cars" */
  summary: string;
  href: string;
};

/**
 * The suggestion for keyword text typed on the search page at `path` (its filters are kept), or
 * null when there is nothing to suggest or the search is down (the box then works as a plain form).
 */
export async function keywordSuggestion(
  text: string,
  path: string,
  tenant: Tenant,
  backend: SearchBackend,
  log: Logger,
  rawNow: number,
): Promise<KeywordSuggestion | null> {
  if (text.trim() === "") return null;
  const now = searchClock(rawNow);
  const page = new URL(path.startsWith("/search/") ? path : "/", "http://suggestion.invalid");
  const parsed = parseSearchUrl(page, tenant);
  const state = { ...(parsed.ok ? parsed.state : emptySearchState(tenant)), q: text.slice(0, 200) };
  try {
    const interpretation = interpretQuery(state.q, await siteVocabulary(tenant, backend, now));
    const next = withInterpretation(state, interpretation);
    const [result] = await backend.multiSearch(tenant, [
      { indexUid: searchIndexUid(tenant), q: next.q, filter: searchFilter(next, tenant, now), limit: 0 },
    ]);
    const count = result?.estimatedTotalHits ?? 0;
    const labels = understoodLabels(interpretation, tenant);
    const words = [...labels, ...(interpretation.text === "" ? [] : [`“${interpretation.text}”`])];
    return {
      labels,
      text: interpretation.text,
      count,
      summary: `${words.join(" · ")} — ${formatNumber(count, tenant.site.locale)} ${vehicleNoun(tenant, count)}`,
      href: interpretedHref(state, interpretation, tenant) ?? searchLinkHref(state, tenant),
    };
  } catch (error) {
    log.warn({ err: error instanceof Error ? error.message : String(error) }, "keyword suggestion unavailable");
    return null;
  }
}
