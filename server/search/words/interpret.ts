import type { CarType } from "~/server/stock/vehicle";
import type { SortValue } from "~/server/tenants/schema";
import { normalizeText, withinOneEdit } from "~/server/search/embedded/text";
import { limits, normalizeCarTypes, type Range, type Ranges, type Refinements } from "~/server/search/state";
import { readPhrase } from "./range-phrases";
import { singulars, type Entry, type Meaning, type Vocabulary } from "./vocabulary";
import { genericWords, placeWords } from "./word-tables";

/** A phrase that names something the site does not have, and what is shown instead (if anything). */
export type MissingWord = { word: string; fallback: Meaning | null };

/** What the interpreter understood of the keyword text, and the words it did not. */
export type Interpretation = {
  carTypes: CarType[];
  refinements: Refinements;
  ranges: Ranges;
  sort: SortValue | null;
  /** The words left for the text search; "" when every word became a filter or was a generic word. */
  text: string;
  missing: MissingWord[];
};

// Numbers with their qualifiers stay one word ("$20-30k", "20000kms", "2020+"); otherwise runs of letters and digits.
const wordPattern = /\$?\d+(?:\.\d+)?[\p{L}\p{N}]*\+?(?:-\$?\d+(?:\.\d+)?[\p{L}\p{N}]*)?|[\p{L}\p{N}]+/gu;

/** The query's words: lower case, accents and thousands separators gone ("$40,000" → "$40000"). */
export function queryWords(text: string): string[] {
  const clean = normalizeText(Array.from(text).slice(0, limits.queryLength).join("")).replace(/(\d),(?=\d{3}(?!\d))/g, "$1");
  return clean.match(wordPattern) ?? [];
}

type Found = { entry: Entry; words: number };

/** The words of one query with each word's singular forms, worked out once. */
type Words = { words: readonly string[]; singular: ReadonlyArray<readonly string[]> };

/** The longest phrase of `map` at `at`: as written, with its last word singular, or its words run together. */
function longestPhrase(query: Words, at: number, vocabulary: Vocabulary, map: ReadonlyMap<string, Entry>): Found | null {
  const { words } = query;
  for (let count = Math.min(vocabulary.longest, words.length - at); count >= 1; count--) {
    const head = count === 1 ? "" : `${words.slice(at, at + count - 1).join(" ")} `;
    const keys = [words[at + count - 1], ...query.singular[at + count - 1]].map((last) => head + last);
    for (const key of keys) {
      const entry = map.get(key) ?? (map === vocabulary.phrases ? vocabulary.squashed.get(key.replace(/ /g, "")) : undefined);
      if (entry) return { entry, words: count };
    }
  }
  return null;
}

/** One typo in a long enough word (the search's own rule: 5 letters or more, one edit). */
function typoMatch(word: string, vocabulary: Vocabulary): Entry | null {
  if (word.length < 5 || /\d/.test(word)) return null;
  for (const [term, entry] of vocabulary.typoTerms) if (withinOneEdit(word, term)) return entry;
  return null;
}

function isGeneric(word: string, singular: readonly string[]): boolean {
  return genericWords.has(word) || singular.some((form) => genericWords.has(form));
}

class Understanding {
  readonly carTypes = new Set<CarType>();
  readonly refinements: Refinements = {};
  readonly ranges: Ranges = {};
  sort: SortValue | null = null;
  readonly missing: MissingWord[] = [];

  apply(meaning: Meaning): void {
    if (meaning.kind === "car-type") this.carTypes.add(meaning.value);
    else if (meaning.kind === "sort") this.sort = meaning.value;
    else {
      const current = this.refinements[meaning.attribute] ?? [];
      this.refinements[meaning.attribute] = [...current, ...meaning.values.filter((value) => !current.includes(value))];
    }
  }

  take(entry: Entry, phrase: string): void {
    if (entry.missing) {
      if (!this.missing.some((word) => word.word === phrase)) this.missing.push({ word: phrase, fallback: entry.missing.fallback });
      if (entry.missing.fallback) this.apply(entry.missing.fallback);
    }
    for (const meaning of entry.meanings) this.apply(meaning);
  }

  range(attribute: keyof Ranges, range: Range): void {
    this.ranges[attribute] = { ...this.ranges[attribute], ...range };
  }
}

/**
 * Keyword text → the filters it names on this site, plus the words left for the text search.
 * Reads left to right, at each word trying: a place after in/near/at, the longest phrase of the
 * site's vocabulary, a price/odometer/year/seats phrase, a one-typo match, a generic word; what is
 * left stays text. Values of one facet named together ("toyota or mazda") are ORed, as any
 * refinement's values are. Never throws.
 */
export function interpretQuery(text: string, vocabulary: Vocabulary): Interpretation {
  const words = queryWords(text);
  const query: Words = { words, singular: words.map(singulars) };
  const understood = new Understanding();
  const leftover: string[] = [];
  let at = 0;
  while (at < words.length) {
    const word = words[at];
    const place = placeWords.has(word) ? longestPhrase(query, at + 1, vocabulary, vocabulary.places) : null;
    if (place) {
      understood.take(place.entry, words.slice(at + 1, at + 1 + place.words).join(" "));
      at += 1 + place.words;
      continue;
    }
    const phrase = longestPhrase(query, at, vocabulary, vocabulary.phrases);
    if (phrase) {
      understood.take(phrase.entry, words.slice(at, at + phrase.words).join(" "));
      at += phrase.words;
      continue;
    }
    const reading = readPhrase(words, at, vocabulary.distanceUnit);
    if (reading) {
      if (reading.kind === "seats") understood.apply({ kind: "refinement", attribute: "seats", values: [String(reading.seats)] });
      else understood.range(reading.attribute, reading.range);
      at += reading.words;
      continue;
    }
    const typo = typoMatch(word, vocabulary);
    if (typo) understood.take(typo, word);
    else if (!isGeneric(word, query.singular[at])) leftover.push(word);
    at += 1;
  }
  return {
    carTypes: normalizeCarTypes(understood.carTypes),
    refinements: understood.refinements,
    ranges: understood.ranges,
    sort: understood.sort,
    text: leftover.join(" "),
    missing: understood.missing,
  };
}
