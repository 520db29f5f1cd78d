import type { Tenant } from "../tenants/load";
import { sortedFacetCounts, facetValueLabel } from "./facets";
import { knownMake } from "./makes";
import { knownBodyType } from "./paths";
import type { RefinementAttribute } from "./state";
import { emptySearchState, withRefinementToggled } from "./transitions";
import { searchUrl } from "./url";

/** A search landing tile (spec 000 §2): label and count, linking to the search. */
export type Tile = { label: string; count: number; href: string; image: string | null };

function refinementHref(attribute: RefinementAttribute, value: string, tenant: Tenant): string {
  return searchUrl(withRefinementToggled(emptySearchState(tenant), attribute, value), tenant);
}

/** Make tiles show the brand logo and link to /search/{make}; a make without a path gets the menu refinement instead. */
export function makeTiles(distribution: Record<string, number>, tenant: Tenant): Tile[] {
  return sortedFacetCounts("make", distribution).map(({ value, count }) => {
    const known = knownMake(value);
    return {
      label: value,
      count,
      href: refinementHref("make", value, tenant),
      image: known ? `/images/makes/${known.slug}.svg` : null,
    };
  });
}

/** Body tiles show the body type's image and link to /search/{slug of the lowercased value} when it is a body type. */
export function bodyTiles(distribution: Record<string, number>, tenant: Tenant): Tile[] {
  return sortedFacetCounts("body", distribution).map(({ value, count }) => {
    const body = knownBodyType(value);
    return {
      label: facetValueLabel("body", value),
      count,
      href: refinementHref("body", body ?? value, tenant),
      image: body ? `/images/body-types/${body}.svg` : null,
    };
  });
}

/** Tiles of any other facet (simple_body, fuel…) link to a search URL with the menu refinement set. */
export function facetTiles(attribute: RefinementAttribute, distribution: Record<string, number>, tenant: Tenant): Tile[] {
  return sortedFacetCounts(attribute, distribution).map(({ value, count }) => ({
    label: facetValueLabel(attribute, value),
    count,
    href: refinementHref(attribute, value, tenant),
    image: null,
  }));
}
