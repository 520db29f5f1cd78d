import type { PagerView } from "../../../server/search/results-view";

export function Pager({ pager }: { pager: PagerView }) {
  if (pager.pages <= 1) return null;
  const item = "block min-w-10 rounded px-3 py-2 text-center";
  return (
    <nav aria-label="Pages" className="mt-8" data-testid="pager">
      <ul className="flex flex-wrap items-center justify-center gap-1">
        <li>
          {pager.previous ? (
            <a href={pager.previous} className={`${item} underline`} rel="prev" data-testid="pager-previous">
              Previous
            </a>
          ) : null}
        </li>
        {pager.links.map((link, index) =>
          link === "gap" ? (
            <li key={`gap-${index}`} aria-hidden="true" className="px-2">
              …
            </li>
          ) : (
            <li key={link.page}>
              <a
                href={link.href}
                aria-current={link.current ? "page" : undefined}
                aria-label={`Page ${link.page}`}
                className={`${item} ${link.current ? "bg-gray-900 text-white" : "underline hover:bg-gray-100"}`}
                data-testid={`pager-page-${link.page}`}
              >
                {link.page}
              </a>
            </li>
          ),
        )}
        <li>
          {pager.next ? (
            <a href={pager.next} className={`${item} underline`} rel="next" data-testid="pager-next">
              Next
            </a>
          ) : null}
        </li>
      </ul>
    </nav>
  );
}
