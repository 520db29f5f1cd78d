import type { Tenant } from "~/server/tenants/load";
import { facetLabel, facetValueLabel, menuLimit, shownFacets, sortedFacetCounts } from "./facets";
import { makeLogoSrc } from "./make-logo";
import { knownBodyType } from "./paths";
import { isRangeAttribute, isRefinementAttribute, type RefinementAttribute, type SearchState } from "./state";
import { withRefinementToggled } from "./transitions";
import { searchUrl } from "./url";
import { localiseText } from "~/server/lib/spelling";
import { canonicalValue } from "./value-spellings";
import { refinementLabel } from "./filter-labels";
import { compareText } from "~/server/lib/text-order";

/** A search landing tile (spec 000 §2): label and count, linking to the search. */
export type Tile = { label: string; count: number; href: string; image: string | null };

/**
 * Tiles count the values of one search (`from`: the listing as a shopper first sees it, with a
 * default city) and link to that same search with the tile's values refined, so the page a tile
 * opens counts what the tile says.
 */
export type TileSource = { distribution: Record<string, number>; from: SearchState };

function refinementHref(from: SearchState, attribute: RefinementAttribute, values: readonly string[], tenant: Tenant): string {
  // Spellings of one value (hatch, hatchback) are one refinement, which matches them all.
  const refined = [...new Set(values.map((value) => canonicalValue(attribute, value)))];
  // The tile's values replace the facet's own refinement (a tile for another city than the default
  // one lists that city's cars, as its count from the facet query does).
  const others = { ...from.refinements };
  delete others[attribute];
  const state = refined.reduce((current, value) => withRefinementToggled(current, attribute, value), { ...from, refinements: others });
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
  return [...merged.values()].sort((a, b) => b.count - a.count || compareText(a.label, b.label));
}

/**
 * Make tiles show the brand logo (the tenant's manufacturer list, else our lettermark) and link to
 * /search/{make}; a make without a path gets the menu refinement instead.
 */
export function makeTiles({ distribution, from }: TileSource, tenant: Tenant): Tile[] {
  return sortedFacetCounts("make", distribution).map(({ value, count }) => {
    return {
      label: value,
      count,
      href: refinementHref(from, "make", [value], tenant),
      image: makeLogoSrc(tenant, value),
    };
  });
}

/** Body tiles show the body type's image and link to /search/{slug of the lowercased value} when it is a body type. */
export function bodyTiles({ distribution, from }: TileSource, tenant: Tenant): Tile[] {
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
      href: refinementHref(from, "body", values, tenant),
      image: body ? `/images/body-types/${body}.svg` : null,
    };
  });
}

/** Tiles of any other facet (simple_body, fuel…) link to a search URL with the menu refinement set. */
export function facetTiles(attribute: RefinementAttribute, { distribution, from }: TileSource, tenant: Tenant): Tile[] {
  // The filter's one wording: "Diesel", "7 seats".
  const entries = sortedFacetCounts(attribute, distribution).map(({ value, count }) => ({
    value,
    label: refinementLabel(attribute, value, tenant),
    count,
  }));
  return mergeByLabel(entries).map(({ label, count, values }) => ({
    label,
    count,
    href: refinementHref(from, attribute, values, tenant),
    image: null,
  }));
}

export type TileGroup = { attribute: RefinementAttribute; title: string; tiles: Tile[] };

// Make and body type have tiles of their own (logo, picture); a model reads only with its make.
const ownTiles: ReadonlySet<string> = new Set(["make", "model", "body", "simple_body"]);

/**
 * Tiles of the other facets the site's search_filters name (fuel, colour, location…), in that order,
 * up to the menu limit each (spec 000 §9: 10); ranges and car types are not tiles.
 */
export function otherFacetTileGroups(
  distributions: Partial<Record<string, Record<string, number>>>,
  from: SearchState,
  tenant: Tenant,
): TileGroup[] {
  return shownFacets(tenant)
    .filter((attribute): attribute is RefinementAttribute => isRefinementAttribute(attribute) && !isRangeAttribute(attribute))
    .filter((attribute) => !ownTiles.has(attribute))
    .map((attribute) => ({
      attribute,
      title: `Shop by ${facetLabel(attribute, tenant).toLowerCase()}`,
      tiles: facetTiles(attribute, { distribution: distributions[attribute] ?? {}, from }, tenant).slice(0, menuLimit),
    }))
    .filter((group) => group.tiles.length > 0);
}
