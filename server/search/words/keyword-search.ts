import { localiseText } from "~/server/lib/spelling";
import { bodyTypePlural } from "~/server/stock/body-type";
import { carTypeLabel } from "~/server/stock/car-type";
import type { Tenant } from "~/server/tenants/load";
import { rangeLabel, refinementLabel } from "~/server/search/filter-labels";
import { claimPath } from "~/server/search/paths";
import { normalizeCarTypes, type Range, type RangeAttribute, type RefinementAttribute, type SearchState } from "~/server/search/state";
import { searchLinkHref } from "~/server/search/stored-suffix";
import { withRange } from "~/server/search/transitions";
import type { Interpretation, MissingWord } from "./interpret";

/** The query parameter that carries words the site has nothing for across the redirect, for the notice. */
export const missingParam = "missing";

/** The search the keyword text means: the page's own filters plus those understood, and the words left over. */
export function withInterpretation(state: SearchState, interpretation: Interpretation): SearchState {
  const carTypes =
    state.carTypes.length === 0 || interpretation.carTypes.length === 0
      ? [...state.carTypes, ...interpretation.carTypes]
      : normalizeCarTypes([...state.carTypes, ...interpretation.carTypes]);
  const refinements = { ...state.refinements };
  for (const [attribute, values] of Object.entries(interpretation.refinements) as Array<[RefinementAttribute, string[]]>) {
    const current = refinements[attribute] ?? [];
    refinements[attribute] = [...current, ...values.filter((value) => !current.includes(value))];
  }
  let next: SearchState = { ...state, carTypes, refinements, sort: interpretation.sort ?? state.sort, q: interpretation.text, page: 1 };
  for (const [attribute, range] of Object.entries(interpretation.ranges) as Array<[RangeAttribute, Range]>) {
    next = withRange(next, attribute, { ...state.ranges[attribute], ...range });
  }
  return { ...next, path: claimPath(next).path };
}

/**
 * Where a search with keyword text should go: the explicit filters it names (so the canonical
 * link, sharing and the back button carry them), or null when the text means nothing more than
 * itself. Words the site has nothing for ride along in `missing` for the notice.
 */
export function interpretedHref(state: SearchState, interpretation: Interpretation, tenant: Tenant): string | null {
  const next = withInterpretation(state, interpretation);
  const href = searchLinkHref(next, tenant);
  if (href === searchLinkHref(state, tenant) && interpretation.missing.length === 0) return null;
  if (interpretation.missing.length === 0) return href;
  const missing = new URLSearchParams({ [missingParam]: interpretation.missing.map((word) => word.word).join(",") });
  return `${href}&${missing.toString()}`;
}

/** What was understood, as the chips and suggestions read it: "Toyota", "SUV", "Under $40,000", "7 seats". */
export function understoodLabels(interpretation: Interpretation, tenant: Tenant): string[] {
  const labels: string[] = interpretation.carTypes.map(carTypeLabel);
  for (const [attribute, values] of Object.entries(interpretation.refinements) as Array<[RefinementAttribute, string[]]>) {
    const seen = new Set<string>();
    for (const value of values) {
      const label = refinementLabel(attribute, value, tenant);
      if (!seen.has(label)) labels.push(label);
      seen.add(label);
    }
  }
  for (const [attribute, range] of Object.entries(interpretation.ranges) as Array<[RangeAttribute, Range]>) {
    labels.push(rangeLabel(attribute, range, tenant));
  }
  return labels;
}

/** "No 'hiace' on this site — showing all vans", or without a stand-in "No 'ferrari' on this site". */
export function missingNotice(missing: MissingWord, tenant: Tenant): string {
  const { fallback } = missing;
  const body = fallback?.kind === "refinement" && fallback.attribute === "body" ? fallback.values[0] : undefined;
  const many = body === undefined ? "" : localiseText(bodyTypePlural(body), tenant.site.locale);
  // "vans", "people movers", but "SUVs".
  const instead = body === undefined ? "" : ` — showing all ${/^\p{Lu}{2}/u.test(many) ? many : many.toLowerCase()}`;
  return `No '${missing.word}' on this site${instead}`;
}
