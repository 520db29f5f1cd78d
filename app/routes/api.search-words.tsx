import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { keywordSuggestion } from "~/server/search/words/suggestion";

/**
 * GET /api/search-words?q={typed text}&path={the search page it is typed on}: what the keyword
 * box's suggestion shows (the filters understood, a count, the URL it leads to). Same for every
 * visitor; never stored.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const backend = context.services.search.backendFor(context.tenant);
  const suggestion = await keywordSuggestion(
    url.searchParams.get("q") ?? "",
    url.searchParams.get("path") ?? "",
    context.tenant,
    backend,
    context.log,
    Date.now(),
  );
  return json({ suggestion }, { headers: { "Cache-Control": "no-store" } });
}
