import { formatNumber } from "~/server/lib/format";
import { appliedFilters, type AppliedFilter } from "./applied-filters";
import { cardView, type CardView } from "~/server/stock/card-view";
import type { Tenant } from "~/server/tenants/load";
import { facetViews, type FacetView } from "./facets";
import type { SearchPage } from "./response";
import { defaultSort, sortOptions } from "./sorts";
import type { SearchState } from "./state";
import { searchLinkHref } from "./stored-suffix";
import { vehicleNoun } from "./titles";
import { clearAll, withPage, withSort } from "./transitions";

export type PagerLink = { page: number; href: string; current: boolean };
export type PagerView = {
  page: number;
  pages: number;
  previous: string | null;
  next: string | null;
  links: Array<PagerLink | "gap">;
};

export type SortLink = { value: string; label: string; href: string; current: boolean };

/** Exactly what the results page's components read: it is the page's loader data. */
export type ResultsView = {
  totalText: string;
  cards: CardView[];
  facets: FacetView[];
  /** The removable chips above the results; their number is the Filters button's count. */
  applied: AppliedFilter[];
  sorts: SortLink[];
  pager: PagerView;
  clearAllHref: string | null;
  /** Where the no-JS filter form submits: the listing (or the preset's own path), so unticking a make in the path works. */
  formAction: string;
  q: string;
  sortBy: string | null;
};

/** Page numbers around the current one, with the first and last always reachable. */
export function pagerPages(page: number, pages: number): Array<number | "gap"> {
  if (pages <= 7) return Array.from({ length: pages }, (_, i) => i + 1);
  const around = [page - 1, page, page + 1].filter((n) => n > 1 && n < pages);
  const out: Array<number | "gap"> = [1];
  if (around[0]! > 2) out.push("gap");
  out.push(...around);
  if (around[around.length - 1]! < pages - 1) out.push("gap");
  out.push(pages);
  return out;
}

function pagerView(state: SearchState, page: SearchPage, tenant: Tenant): PagerView {
  const href = (n: number) => searchLinkHref(withPage(state, n), tenant);
  const current = Math.min(state.page, Math.max(page.pages, 1));
  return {
    page: state.page,
    pages: page.pages,
    previous: state.page > 1 ? href(Math.min(state.page - 1, Math.max(page.pages, 1))) : null,
    next: state.page < page.pages ? href(state.page + 1) : null,
    links: pagerPages(current, page.pages).map((entry) =>
      entry === "gap" ? "gap" : { page: entry, href: href(entry), current: entry === state.page },
    ),
  };
}

function hasAnyFilter(state: SearchState): boolean {
  return (
    state.carTypes.length > 0 ||
    Object.values(state.refinements).some((values) => (values?.length ?? 0) > 0) ||
    Object.keys(state.ranges).length > 0 ||
    state.q !== ""
  );
}

/** Everything the results page renders, decided here so the components only draw it. */
export function resultsView(state: SearchState, page: SearchPage, tenant: Tenant, now: number): ResultsView {
  const current = state.sort ?? defaultSort(tenant);
  return {
    totalText: `${formatNumber(page.estimatedTotalHits, tenant.site.locale)} ${vehicleNoun(tenant, page.estimatedTotalHits)}`,
    cards: page.hits.map((vehicle) => cardView(vehicle, tenant.site, now, state.listingPath)),
    facets: facetViews(state, page, tenant),
    applied: appliedFilters(state, tenant),
    sorts: sortOptions(tenant).map((option) => ({
      value: option.value,
      label: option.label,
      href: searchLinkHref(withPage(withSort(state, option.value, tenant), 1), tenant),
      current: option.value === current,
    })),
    pager: pagerView(state, page, tenant),
    clearAllHref: hasAnyFilter(state) ? searchLinkHref(clearAll(state), tenant) : null,
    formAction: state.preset ? state.path : state.listingPath,
    q: state.q,
    sortBy: state.sort,
  };
}
