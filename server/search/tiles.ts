import type { Tenant } from "~/server/tenants/load";
import { sortedFacetCounts, facetValueLabel } from "./facets";
import { makeLogoSrc } from "./make-logo";
import { knownBodyType } from "./paths";
import type { RefinementAttribute } from "./state";
import { emptySearchState, withRefinementToggled } from "./transitions";
import { searchUrl } from "./url";
import { localiseText } from "~/server/lib/spelling";
import { canonicalValue } from "./value-spellings";

/** A search landing tile (spec 000 §2): label and count, linking to the search. */
export type Tile = { label: string; count: number; href: string; image: string | null };

function refinementHref(attribute: RefinementAttribute, values: readonly string[], tenant: Tenant): string {
  // Spellings of one value (hatch, hatchback) are one refinement, which matches them all.
  const refined = [...new Set(values.map((value) => canonicalValue(attribute, value)))];
  const state = refined.reduce((current, value) => withRefinementToggled(current, attribute, value), emptySearchState(tenant));
  return searchUrl(state, tenant);
}

type LabelledCount = { value: string; label: string; count: number };

/**
 * Values that read the same make one tile (Hatch for hatch and hatchback, Wagon for wagon and
 * station wagon): counts add up, the link refines every value, the picture is the biggest one's.
 * Sorted by count descending, then label.
 */
function mergeByLabel(entries: readonly LabelledCount[]): Array<{ label: string; count: number; values: string[] }> {
  const merged = new Map<string, { label: string; count: number; values: string[] }>();
  for (const { value, label, count } of entries) {
    const tile = merged.get(label);
    if (tile === undefined) merged.set(label, { label, count, values: [value] });
    else {
      tile.count += count;
      if (!tile.values.includes(value)) tile.values.push(value);
    }
  }
  return [...merged.values()].sort((a, b) => b.count - a.count || a.label.localeCompare(b.label, "en"));
}

/**
 * Make tiles show the brand logo (the tenant's manufacturer list, else our lettermark) and link to
 * /search/{make}; a make without a path gets the menu refinement instead.
 */
export function makeTiles(distribution: Record<string, number>, tenant: Tenant): Tile[] {
  return sortedFacetCounts("make", distribution).map(({ value, count }) => {
    return {
      label: value,
      count,
      href: refinementHref("make", [value], tenant),
      image: makeLogoSrc(tenant, value),
    };
  });
}

/** Body tiles show the body type's image and link to /search/{slug of the lowercased value} when it is a body type. */
export function bodyTiles(distribution: Record<string, number>, tenant: Tenant): Tile[] {
  const entries = sortedFacetCounts("body", distribution).map(({ value, count }) => ({
    value: knownBodyType(value) ?? value,
    label: facetValueLabel("body", value),
    count,
  }));
  return mergeByLabel(entries).map(({ label, count, values }) => {
    const body = knownBodyType(values[0]!);
    return {
      label: localiseText(label, tenant.site.locale),
      count,
      href: refinementHref("body", values, tenant),
      image: body ? `/images/body-types/${body}.svg` : null,
    };
  });
}

/** Tiles of any other facet (simple_body, fuel…) link to a search URL with the menu refinement set. */
export function facetTiles(attribute: RefinementAttribute, distribution: Record<string, number>, tenant: Tenant): Tile[] {
  const entries = sortedFacetCounts(attribute, distribution).map(({ value, count }) => ({
    value,
    label: facetValueLabel(attribute, value),
    count,
  }));
  return mergeByLabel(entries).map(({ label, count, values }) => ({
    label: localiseText(label, tenant.site.locale),
    count,
    href: refinementHref(attribute, values, tenant),
    image: null,
  }));
}
