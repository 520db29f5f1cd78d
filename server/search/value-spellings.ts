import { bodyTypeSpellings, canonicalBodyType } from "~/server/stock/body-type";
import { canonicalMake, makeSpellings } from "./makes";

// Facets whose stock values have several spellings of one thing shoppers read as one entry.
const isBody = (attribute: string) => attribute === "body" || attribute === "simple_body";

/**
 * The value a refinement holds (and a facet entry shows) for a stock or URL value: make spellings
 * become their make ('VW' → 'Volkswagen'), body values that read the same become one
 * ('hatchback' → 'hatch'). One entry, one count, one chip.
 */
export function canonicalValue(attribute: string, value: string): string {
  if (attribute === "make") return canonicalMake(value);
  if (isBody(attribute)) return canonicalBodyType(value);
  return value;
}

/** Every stock value a refinement on `value` matches, so one entry selects all of its spellings. */
export function valueSpellings(attribute: string, value: string): string[] {
  if (attribute === "make") return makeSpellings(value);
  if (isBody(attribute)) return bodyTypeSpellings(value);
  return [value];
}
