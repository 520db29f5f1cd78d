import type { Logger } from "~/server/lib/logger";
import type { Tenant } from "~/server/tenants/load";
import { searchClock } from "~/server/search/run-search";
import type { SearchBackend } from "~/server/search/types";
import { parseSearchUrl } from "~/server/search/url";
import { interpretQuery } from "./interpret";
import { interpretedHref, missingNotice, missingParam } from "./keyword-search";
import { siteVocabulary } from "./site-vocabulary";
import type { Vocabulary } from "./vocabulary";

async function vocabularyOrNull(tenant: Tenant, backend: SearchBackend, log: Logger, now: number): Promise<Vocabulary | null> {
  try {
    return await siteVocabulary(tenant, backend, searchClock(now));
  } catch (error) {
    // The search itself will show its error state; the words stay plain text.
    log.warn({ err: error instanceof Error ? error.message : String(error) }, "keyword vocabulary unavailable");
    return null;
  }
}

/**
 * Where a search URL with keyword text should go instead: the same search with the filters the
 * words name written out (the results page redirects there; the JSON API answers for it), or null
 * when the words mean nothing more than text, or the search is down.
 */
export async function keywordRedirect(url: URL, tenant: Tenant, backend: SearchBackend, log: Logger, now: number): Promise<string | null> {
  if ((url.searchParams.get("q") ?? "").trim() === "") return null;
  const parsed = parseSearchUrl(url, tenant);
  if (!parsed.ok || parsed.state.q === "") return null;
  const vocabulary = await vocabularyOrNull(tenant, backend, log, now);
  return vocabulary ? interpretedHref(parsed.state, interpretQuery(parsed.state.q, vocabulary), tenant) : null;
}

/** The notices for the words the site has nothing for, carried by the redirect ("No 'hiace' on this site — showing all vans"). */
export async function missingNotices(url: URL, tenant: Tenant, backend: SearchBackend, log: Logger, now: number): Promise<string[]> {
  const words = (url.searchParams.get(missingParam) ?? "").slice(0, 200);
  if (words.trim() === "") return [];
  const vocabulary = await vocabularyOrNull(tenant, backend, log, now);
  if (!vocabulary) return [];
  // Read again rather than trusted: only words this site really lacks get a notice.
  return words
    .split(",")
    .slice(0, 5)
    .flatMap((word) => interpretQuery(word, vocabulary).missing.map((missing) => missingNotice(missing, tenant)));
}

/** The URL without the notice's parameter (what is remembered and shared is the search alone). */
export function withoutMissingParam(url: URL): URL {
  if (!url.searchParams.has(missingParam)) return url;
  const clean = new URL(url);
  clean.searchParams.delete(missingParam);
  return clean;
}
