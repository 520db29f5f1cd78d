import { SiteLink } from "~/app/components/site-link";
import type { PagerView } from "~/server/search/results-view";
import { encodeBrackets } from "~/server/seo/canonical";

/** Links, so paging works without JavaScript; with it they navigate in-app and the search status shows while loading. */
export function Pager({ pager }: { pager: PagerView }) {
  if (pager.pages <= 1) return null;
  const item = "block min-w-10 rounded px-3 py-2 text-center";
  return (
    <nav aria-label="Pages" className="mt-8" data-testid="pager">
      <ul className="flex flex-wrap items-center justify-center gap-1">
        <li>
          {pager.previous ? (
            <SiteLink
              prefetch="none"
              href={encodeBrackets(pager.previous)}
              className={`${item} underline`}
              rel="prev"
              data-testid="pager-previous"
            >
              Previous
            </SiteLink>
          ) : null}
        </li>
        {pager.links.map((link, index) =>
          link === "gap" ? (
            <li key={`gap-${index}`} aria-hidden="true" className="px-2">
              …
            </li>
          ) : (
            <li key={link.page}>
              <SiteLink
                prefetch="none"
                href={encodeBrackets(link.href)}
                aria-current={link.current ? "page" : undefined}
                aria-label={`Page ${link.page}`}
                className={`${item} ${link.current ? "bg-gray-900 text-white" : "underline hover:bg-gray-100"}`}
                data-testid={`pager-page-${link.page}`}
              >
                {link.page}
              </SiteLink>
            </li>
          ),
        )}
        <li>
          {pager.next ? (
            <SiteLink prefetch="none" href={encodeBrackets(pager.next)} className={`${item} underline`} rel="next" data-testid="pager-next">
              Next
            </SiteLink>
          ) : null}
        </li>
      </ul>
    </nav>
  );
}
