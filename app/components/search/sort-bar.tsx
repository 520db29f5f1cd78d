import { SiteLink } from "~/app/components/site-link";
import type { SortLink } from "~/server/search/results-view";
import { encodeBrackets } from "~/server/seo/canonical";

/**
 * Sorts are links (spec: sort works without JavaScript and every state is a shareable URL). On a
 * phone the row takes the full width and scrolls inside its own box (edge shadows show there is
 * more); from sm up it wraps.
 */
export function SortBar({ sorts }: { sorts: SortLink[] }) {
  return (
    <nav aria-label="Sort" className="w-full min-w-0 sm:w-auto" data-testid="sort-options">
      <ul className="scroll-row flex items-center gap-1 whitespace-nowrap py-1 text-sm sm:flex-wrap">
        <li className="mr-1 font-semibold">Sort:</li>
        {sorts.map((sort) => (
          <li key={sort.value}>
            <SiteLink
              prefetch="none"
              href={encodeBrackets(sort.href)}
              aria-current={sort.current ? "true" : undefined}
              className={`block rounded px-2 py-1 ${sort.current ? "bg-gray-900 text-white" : "underline hover:bg-gray-100"}`}
              data-testid={`sort-${sort.value}`}
            >
              {sort.label}
            </SiteLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
