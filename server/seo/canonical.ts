/**
 * The canonical address of a page (a canonical link on every page). Pure and free of
 * node modules: the root layout computes it in the browser too, after client-side navigations.
 */

// Search pages keep what chooses the vehicles shown (filters, text, page); sortBy only reorders them.
const SEARCH_KEPT_PARAM = /^(refinementList\[|range\[|menu\[|page$|q$)/;

/** `[` and `]` are not allowed unencoded in a URL's query (the Nu HTML Checker's "Illegal character in query"). */
export function encodeBrackets(href: string): string {
  return href.replace(/\[/g, "%5B").replace(/\]/g, "%5D");
}

/** The path without a trailing slash ("/search/used-cars/" and "/search/used-cars" are one page); "/" stays. */
export function canonicalPathname(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, "");
  return trimmed === "" ? "/" : trimmed;
}

/**
 * The absolute canonical URL of a page on the site at `origin`: the path without a trailing slash,
 * and on search pages the parameters that choose the vehicles (not sortBy, not tracking
 * parameters); other pages have no query in their canonical address.
 */
export function canonicalHref(origin: string, pathname: string, search: string): string {
  const path = canonicalPathname(pathname);
  let query = "";
  if (path.startsWith("/search/")) {
    const kept = new URLSearchParams();
    for (const [key, value] of new URLSearchParams(search)) {
      if (SEARCH_KEPT_PARAM.test(key) && value !== "" && !(key === "page" && value === "1")) kept.append(key, value);
    }
    const text = kept.toString();
    query = text === "" ? "" : `?${text}`;
  }
  return encodeBrackets(`${origin.replace(/\/+$/, "")}${path}${query}`);
}
