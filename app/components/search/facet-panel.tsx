import { Fragment, useRef, useState } from "react";
import { Form, useLocation, useNavigation, useSubmit } from "@remix-run/react";
import { facetValueViewLabel, type FacetView, type ListFacetView, type RangeFacetView } from "~/server/search/facets";
import { useDebouncedCallback } from "~/app/lib/use-debounced-callback";
import { encodeBrackets } from "~/server/seo/canonical";
import { formatCount } from "~/server/lib/format";
import { SiteLink } from "~/app/components/site-link";

// spec 001 §2: the search URL is written 400 ms after the last change.
export const URL_WRITE_DELAY_MS = 400;

function ListFacet({ facet }: { facet: ListFacetView }) {
  const visible = facet.values.slice(0, facet.limit);
  const more = facet.values.slice(facet.limit);
  const name = `refinementList[${facet.attribute}][]`;
  // The input sits inside its label (no ids to pair), styled from the list's one class: ~100 rows per page.
  const option = (value: ListFacetView["values"][number]) => (
    <li key={value.value}>
      <label>
        <input type="checkbox" name={name} value={value.value} defaultChecked={facet.refined.includes(value.value)} />
        {`${facetValueViewLabel(value)} `}
        <span>{formatCount(value.count)}</span>
      </label>
    </li>
  );
  if (facet.values.length === 0) return null;
  return (
    <fieldset className="border-t border-gray-200 py-3" data-testid={`facet-${facet.attribute}`}>
      <legend className="mb-2 font-semibold">{facet.label}</legend>
      <ul className="facet-options">{visible.map(option)}</ul>
      {more.length > 0 ? (
        // spec 000 §4: menus toggle 'show more' between 10 and 20 values; <details> works without JS.
        <details className="mt-1">
          <summary className="cursor-pointer text-sm font-semibold text-gray-800 underline">Show more</summary>
          <ul className="facet-options mt-1">{more.map(option)}</ul>
        </details>
      ) : null}
    </fieldset>
  );
}

const RANGE_ENDS = [
  { end: "min", label: "Min" },
  { end: "max", label: "Max" },
] as const;

function RangeFacet({ facet }: { facet: RangeFacetView }) {
  const base = `r-${facet.attribute}`;
  return (
    <fieldset className="border-t border-gray-200 py-3" data-testid={`facet-${facet.attribute}`}>
      <legend className="mb-2 font-semibold">{facet.label}</legend>
      <div className="grid grid-cols-2 gap-2">
        {RANGE_ENDS.map(({ end, label }) => (
          <label key={end} htmlFor={`${base}-${end}`} className="text-sm">
            {label}
            <input
              id={`${base}-${end}`}
              type="number"
              inputMode="numeric"
              name={`range_${end}[${facet.attribute}]`}
              defaultValue={facet.current[end] ?? ""}
              placeholder={end === "min" ? facet.minText : facet.maxText}
              min={0}
              className="mt-1 w-full rounded border border-gray-400 px-2 py-1"
            />
          </label>
        ))}
      </div>
      {facet.clearHref ? (
        <SiteLink href={encodeBrackets(facet.clearHref)} className="mt-1 inline-block text-sm underline">
          Clear {facet.label.toLowerCase()}
        </SiteLink>
      ) : null}
    </fieldset>
  );
}

/**
 * The filter fields are laid out afresh when the search changes any other way than through this
 * form (a chip, Clear all, a sort or pager link, Back), so they show the new search. A search this
 * form asked for keeps them: what the shopper types meanwhile (the maximum price while the minimum
 * applies, on a slow connection) is not wiped when that search arrives.
 */
function useFieldsGeneration(): { generation: number; submitting: () => void } {
  const location = useLocation();
  const navigating = useNavigation().state !== "idle";
  const search = location.pathname + location.search;
  const [tracked, setTracked] = useState({ search, generation: 0, ownSubmission: false, navigating });
  // React's pattern for state derived from changed values: set during render, re-rendered at once.
  let next = tracked;
  if (next.search !== search) next = { ...next, search, generation: next.generation + (next.ownSubmission ? 0 : 1), ownSubmission: false };
  // A submission that ended without a new search (an error) must not keep the next link's reset away.
  if (next.navigating !== navigating) next = { ...next, navigating, ownSubmission: navigating && next.ownSubmission };
  if (next !== tracked) setTracked(next);
  return {
    generation: next.generation,
    submitting: () => setTracked((current) => ({ ...current, ownSubmission: true })),
  };
}

/**
 * One GET form for every filter: without JavaScript it submits with the Apply button; with it,
 * each change submits itself 400 ms after the last one.
 */
export function FacetPanel({
  facets,
  action,
  q,
  sortBy,
  clearAllHref,
}: {
  facets: FacetView[];
  action: string;
  q: string;
  sortBy: string | null;
  clearAllHref: string | null;
}) {
  const submit = useSubmit();
  const formRef = useRef<HTMLFormElement>(null);
  const { generation, submitting } = useFieldsGeneration();
  const submitSoon = useDebouncedCallback(() => {
    if (!formRef.current) return;
    submitting();
    submit(formRef.current, { preventScrollReset: true });
  }, URL_WRITE_DELAY_MS);
  return (
    <Form
      ref={formRef}
      method="get"
      action={action}
      onSubmit={submitting}
      // Checkboxes apply as they change; number inputs when the shopper leaves them, not per keystroke.
      onChange={(event) => {
        if (!(event.target instanceof HTMLInputElement) || event.target.type !== "number") submitSoon();
      }}
      onBlur={(event) => {
        const input = event.target;
        if (input instanceof HTMLInputElement && input.type === "number" && input.value !== input.defaultValue) submitSoon();
      }}
      aria-label="Filters"
      data-testid="search-filters"
    >
      {q ? <input type="hidden" name="q" value={q} /> : null}
      {sortBy ? <input type="hidden" name="sortBy" value={sortBy} /> : null}
      <div className="flex items-center justify-between">
        <h2 className="text-lg font-bold">Filters</h2>
        {clearAllHref ? (
          <SiteLink href={encodeBrackets(clearAllHref)} className="text-sm underline" data-testid="clear-all">
            Clear all
          </SiteLink>
        ) : null}
      </div>
      <Fragment key={generation}>
        {facets.map((facet) =>
          facet.kind === "list" ? <ListFacet key={facet.attribute} facet={facet} /> : <RangeFacet key={facet.attribute} facet={facet} />,
        )}
      </Fragment>
      <button
        type="submit"
        className="mt-3 w-full rounded bg-brand px-4 py-2 font-semibold text-brand-contrast"
        data-testid="apply-filters"
      >
        Apply
      </button>
    </Form>
  );
}
