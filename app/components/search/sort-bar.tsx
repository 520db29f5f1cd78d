import { Link } from "@remix-run/react";
import type { SortLink } from "~/server/search/results-view";
import { encodeBrackets } from "~/server/seo/canonical";

/** Sorts are links (spec: sort works without JavaScript and every state is a shareable URL). */
export function SortBar({ sorts }: { sorts: SortLink[] }) {
  return (
    <nav aria-label="Sort" data-testid="sort-options">
      <ul className="flex items-center gap-1 overflow-x-auto whitespace-nowrap text-sm sm:flex-wrap">
        <li className="mr-1 font-semibold">Sort:</li>
        {sorts.map((sort) => (
          <li key={sort.value}>
            <Link
              to={encodeBrackets(sort.href)}
              aria-current={sort.current ? "true" : undefined}
              className={`block rounded px-2 py-1 ${sort.current ? "bg-gray-900 text-white" : "underline hover:bg-gray-100"}`}
              data-testid={`sort-${sort.value}`}
            >
              {sort.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
