import { plural } from "~/server/lib/plural";
import { bodyTypeLabel } from "~/server/stock/body-type";
import type { CarType } from "~/server/stock/vehicle";
import type { SortValue } from "~/server/tenants/schema";
import { tokenize } from "~/server/search/embedded/text";
import { minWordSizeForOneTypo } from "~/server/search/meilisearch/settings";
import { canonicalMake, knownMakes } from "~/server/search/makes";
import { isCarType, type RefinementAttribute } from "~/server/search/state";
import type { FacetDistribution } from "~/server/search/types";
import {
  bodyWords,
  colourWords,
  commonColours,
  conditionWords,
  driveWords,
  featureWords,
  fuelWords,
  knownModels,
  makeShortForms,
  sortWords,
  transmissionWords,
} from "./word-tables";

/** What a phrase means on one site. */
export type Meaning =
  | { kind: "refinement"; attribute: RefinementAttribute; values: readonly string[] }
  | { kind: "car-type"; value: CarType }
  | { kind: "sort"; value: SortValue };

/**
 * A phrase of the vocabulary: its meanings, or (when it names something this site does not have)
 * `missing` with what is shown instead, if anything ("no 'hiace' on this site — showing all vans").
 */
export type Entry = { meanings: readonly Meaning[]; missing?: { fallback: Meaning | null } };

export type Vocabulary = {
  /** Phrases by their words joined with single spaces. */
  phrases: ReadonlyMap<string, Entry>;
  /** The same phrases with their words run together ("towbar", "cx5", "landcruiser"). */
  squashed: ReadonlyMap<string, Entry>;
  /** Place names, understood only after in, near or at. */
  places: ReadonlyMap<string, Entry>;
  /** Single-word phrases long enough to carry one typo (the search's own typo rule). */
  typoTerms: ReadonlyArray<readonly [string, Entry]>;
  /** The most words in any phrase. */
  longest: number;
  /** The unit a bare odometer number is in (spec 000 §1: km, miles on US sites). */
  distanceUnit: "km" | "mi";
};

/** What a vocabulary is built from: the site's facet values, its sorts and its place names. */
export type VocabularySource = {
  facets: FacetDistribution;
  sorts: readonly SortValue[];
  distanceUnit: "km" | "mi";
  /** Extra place names → the city or location they stand for (site.json distribution_locations). */
  places: ReadonlyArray<{ name: string; attribute: "city" | "location_name"; value: string }>;
  /** The site's own words → words the interpreter already understands (site.json search_words). */
  words: Readonly<Record<string, string>>;
};

/** Letters and digits only: "CX-5", "cx5" and "C X 5" are one name. */
export function squash(text: string): string {
  return tokenize(text).join("");
}

/** A word's singular forms under the site's plural rules (spec 000 §9): "buses" → "bus", "utilities" → "utility". */
export function singulars(word: string): string[] {
  const candidates = [word.slice(0, -1), word.slice(0, -2), `${word.slice(0, -3)}y`];
  return word.length > 2 ? candidates.filter((candidate) => candidate.length > 0 && plural(candidate) === word) : [];
}

class VocabularyBuilder {
  readonly phrases = new Map<string, Entry>();
  readonly squashed = new Map<string, Entry>();
  readonly places = new Map<string, Entry>();
  longest = 1;

  /** The first definition of a phrase wins: the order of the calls is the order of precedence. */
  add(phrase: string, entry: Entry, into: Map<string, Entry> = this.phrases): void {
    const words = tokenize(phrase);
    if (words.length === 0) return;
    const key = words.join(" ");
    if (!into.has(key)) into.set(key, entry);
    this.longest = Math.max(this.longest, words.length);
    if (into === this.phrases && words.length > 1 && !this.squashed.has(words.join(""))) this.squashed.set(words.join(""), entry);
  }

  build(distanceUnit: "km" | "mi"): Vocabulary {
    const typoTerms = [...this.phrases, ...this.squashed].filter(([key]) => !key.includes(" ") && key.length >= minWordSizeForOneTypo);
    return { phrases: this.phrases, squashed: this.squashed, places: this.places, typoTerms, longest: this.longest, distanceUnit };
  }
}

const refine = (attribute: RefinementAttribute, values: readonly string[]): Meaning => ({ kind: "refinement", attribute, values });
const missing = (fallback: Meaning | null = null): Entry => ({ meanings: [], missing: { fallback } });

function valuesOf(facets: FacetDistribution, attribute: string): string[] {
  return Object.keys(facets[attribute] ?? {}).filter((value) => value.trim() !== "");
}

/** Site values whose squashed name is one of `names`. */
function bySquashedName(values: readonly string[], names: readonly string[]): string[] {
  return values.filter((value) => names.includes(squash(value)));
}

function addMakesAndModels(builder: VocabularyBuilder, facets: FacetDistribution): void {
  const makes = [...new Set(valuesOf(facets, "make").map(canonicalMake))];
  for (const make of makes) builder.add(make, { meanings: [refine("make", [make])] });
  for (const known of knownMakes) {
    const present = makes.includes(known.name);
    for (const spelling of [known.name, ...known.aliases])
      builder.add(spelling, present ? { meanings: [refine("make", [known.name])] } : missing());
  }
  for (const [word, make] of Object.entries(makeShortForms)) {
    const name = canonicalMake(make);
    builder.add(word, makes.includes(name) ? { meanings: [refine("make", [name])] } : missing());
  }

  // A model implies its make: make_model holds "Make:Model" pairs.
  const modelMakes = new Map<string, Set<string>>();
  for (const pair of valuesOf(facets, "make_model")) {
    const split = pair.indexOf(":");
    if (split <= 0) continue;
    const model = pair.slice(split + 1);
    const set = modelMakes.get(model) ?? new Set<string>();
    set.add(canonicalMake(pair.slice(0, split)));
    modelMakes.set(model, set);
  }
  const modelEntry = (models: readonly string[]): Entry => ({
    meanings: [refine("make", [...new Set(models.flatMap((model) => [...(modelMakes.get(model) ?? [])]))]), refine("model", models)],
  });
  const models = [...modelMakes.keys()];
  for (const model of models) builder.add(model, modelEntry([model]));
  for (const [word, known] of Object.entries(knownModels)) {
    const present = bySquashedName(models, known.models);
    const bodies = valuesOf(facets, "body").filter((body) => body === known.body);
    builder.add(word, present.length > 0 ? modelEntry(present) : missing(bodies.length > 0 ? refine("body", bodies) : null));
  }
}

function addWordTable(
  builder: VocabularyBuilder,
  facets: FacetDistribution,
  attribute: RefinementAttribute,
  table: Readonly<Record<string, string | readonly string[]>>,
  matches: (siteValue: string, tableValue: string) => boolean,
): void {
  const siteValues = valuesOf(facets, attribute);
  for (const [word, target] of Object.entries(table)) {
    const wanted = typeof target === "string" ? [target] : target;
    const present = siteValues.filter((value) => wanted.some((name) => matches(value, name)));
    builder.add(word, present.length > 0 ? { meanings: [refine(attribute, present)] } : missing());
  }
}

const sameName = (siteValue: string, name: string) => siteValue.toLowerCase() === name.toLowerCase();
const sameSquashedName = (siteValue: string, name: string) => squash(siteValue) === name;

/** The site's vocabulary: its own facet values and the fixed words that name them (see word-tables.ts). */
export function buildVocabulary(source: VocabularySource): Vocabulary {
  const { facets } = source;
  const builder = new VocabularyBuilder();
  addMakesAndModels(builder, facets);

  const carTypes = valuesOf(facets, "car_type").filter(isCarType);
  for (const [word, carType] of Object.entries(conditionWords)) {
    builder.add(word, carTypes.includes(carType) ? { meanings: [{ kind: "car-type", value: carType }] } : missing());
  }
  addWordTable(builder, facets, "simple_drive", driveWords, sameName);
  addWordTable(builder, facets, "simple_fuel", fuelWords, sameName);
  addWordTable(builder, facets, "simple_transmission", transmissionWords, sameName);
  addWordTable(builder, facets, "body", bodyWords, sameName);
  for (const body of valuesOf(facets, "body")) builder.add(bodyTypeLabel(body), { meanings: [refine("body", [body])] });

  const colours = valuesOf(facets, "colour");
  for (const colour of colours) builder.add(colour, { meanings: [refine("colour", [colour])] });
  addWordTable(builder, facets, "colour", colourWords, sameName);
  for (const colour of commonColours) builder.add(colour, missing());

  for (const feature of valuesOf(facets, "filtered_features")) builder.add(feature, { meanings: [refine("filtered_features", [feature])] });
  addWordTable(builder, facets, "filtered_features", featureWords, sameSquashedName);

  for (const [word, sort] of Object.entries(sortWords)) {
    if (source.sorts.includes(sort)) builder.add(word, { meanings: [{ kind: "sort", value: sort }] });
  }

  for (const city of valuesOf(facets, "city")) builder.add(city, { meanings: [refine("city", [city])] }, builder.places);
  for (const location of valuesOf(facets, "location_name")) {
    const entry = { meanings: [refine("location_name", [location])] };
    builder.add(location, entry, builder.places);
    // "Harbourside Toyota - Sales" is "Harbourside Toyota" to a shopper.
    builder.add(location.split(" - ")[0], entry, builder.places);
  }
  for (const place of source.places) {
    if (valuesOf(facets, place.attribute).includes(place.value)) {
      builder.add(place.name, { meanings: [refine(place.attribute, [place.value])] }, builder.places);
    }
  }

  // A site's own words stand for phrases already defined above.
  for (const [word, means] of Object.entries(source.words)) {
    const key = tokenize(means).join(" ");
    const entry = builder.phrases.get(key) ?? builder.places.get(key);
    if (entry) builder.add(word, entry, builder.places.has(key) ? builder.places : builder.phrases);
  }
  return builder.build(source.distanceUnit);
}
