import type { Tenant } from "~/server/tenants/load";
import { searchIndexUid, stockFilter } from "~/server/search/queries";
import { sortOptions } from "~/server/search/sorts";
import type { FacetDistribution, SearchBackend } from "~/server/search/types";
import { buildVocabulary, type Vocabulary, type VocabularySource } from "./vocabulary";

/** The facets whose values make a site's vocabulary; the same request on both engines. */
export const vocabularyFacets = [
  "make",
  "make_model",
  "car_type",
  "body",
  "simple_fuel",
  "simple_transmission",
  "simple_drive",
  "colour",
  "filtered_features",
  "city",
  "location_name",
] as const;

/** What the site's configuration adds to its stock's words: sorts, distance unit, suburb names, its own words. */
export function vocabularySource(tenant: Tenant, facets: FacetDistribution): VocabularySource {
  const { site } = tenant;
  const cities = new Set(Object.keys(facets.city ?? {}));
  // A location's distribution_locations are the suburbs it serves: "in Homebush" means that location.
  const places = site.locations.flatMap((location) =>
    location.distribution_locations.map((name) =>
      cities.has(location.address.city)
        ? { name, attribute: "city" as const, value: location.address.city }
        : { name, attribute: "location_name" as const, value: location.name },
    ),
  );
  return {
    facets,
    sorts: sortOptions(tenant).map((option) => option.value),
    distanceUnit: site.distance_unit,
    places,
    words: site.search_words,
  };
}

/**
 * The site's vocabulary from its listed stock's facet values (one count-only search, cached with
 * the other searches). Throws what the backend throws (SearchUnavailableError when it is down).
 */
export async function siteVocabulary(tenant: Tenant, backend: SearchBackend, now: number): Promise<Vocabulary> {
  const [result] = await backend.multiSearch(tenant, [
    { indexUid: searchIndexUid(tenant), q: "", filter: stockFilter(tenant, now), facets: [...vocabularyFacets], limit: 0 },
  ]);
  return buildVocabulary(vocabularySource(tenant, result?.facetDistribution ?? {}));
}
