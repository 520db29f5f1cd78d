import { SiteLink } from "~/app/components/site-link";
import type { AppliedFilter } from "~/server/search/applied-filters";

/** The filters applied, above the results: each chip is a link to the search without it. */
export function AppliedChips({ chips, clearAllHref }: { chips: AppliedFilter[]; clearAllHref: string | null }) {
  if (chips.length === 0) return null;
  return (
    <ul className="flex flex-wrap items-center gap-2" aria-label="Applied filters" data-testid="applied-filters">
      {chips.map((chip) => (
        <li key={chip.key}>
          <SiteLink
            prefetch="none"
            href={chip.removeHref}
            className="inline-flex items-center gap-1 rounded-full border border-gray-400 bg-white px-3 py-1 text-sm hover:bg-gray-100"
            data-testid="applied-filter"
          >
            <span className="sr-only">Remove filter </span>
            {chip.label}
            <span aria-hidden="true" className="text-base leading-none">
              ×
            </span>
          </SiteLink>
        </li>
      ))}
      {clearAllHref ? (
        <li>
          <SiteLink prefetch="none" href={clearAllHref} className="text-sm font-semibold underline" data-testid="applied-clear-all">
            Clear all
          </SiteLink>
        </li>
      ) : null}
    </ul>
  );
}
