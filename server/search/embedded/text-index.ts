import { emptyBitset, fullBitset, type Bitset } from "./bitset";
import { GrowableInt32, GrowableUint8 } from "./growable";
import { minWordSizeForOneTypo, searchableAttributes } from "~/server/search/meilisearch/settings";
import { compareStrings, ITEMS_PER_STEP, sortInSteps } from "./steps";
import { valuePosition, type SearchValues } from "~/server/search/search-values";
import { tokenize, withinOneEditOfPrefix, type WordMatch } from "./text";

/** Where each searchable attribute sits in SearchValues; a term's mask bit is the attribute's rank here. */
const textPositions = searchableAttributes.map(valuePosition);

/** Per-document relevance of a text query, summed over its words (lower typos/attribute, higher exact is better). */
export type TextMatch = {
  bits: Bitset;
  typos: Uint8Array;
  attribute: Uint16Array;
  exact: Uint8Array;
};

const noMatch = 255;

/** Distinct values whose terms a build remembers. */
const TOKEN_CACHE_SIZE = 20_000;

/**
 * Inverted index over the searchable attributes: a sorted vocabulary and, per term, the documents
 * holding it with a bit mask of the attributes it occurs in (compressed rows, one array each).
 * A second ordering of the vocabulary by each term's tail (all but its first letter) finds typos in
 * the first letter without reading the whole vocabulary: stock numbers make it as large as the stock.
 */
export class TextIndex {
  /** Built by its builder. */
  constructor(
    private readonly size: number,
    private readonly terms: readonly string[],
    private readonly offsets: Int32Array,
    private readonly docs: Int32Array,
    private readonly masks: Uint8Array,
    private readonly byTail: Int32Array,
  ) {}

  /** Documents matching every word of `q` (AND), or null when `q` has no words. */
  match(q: string): TextMatch | null {
    const words = tokenize(q);
    if (words.length === 0) return null;
    const result: TextMatch = {
      bits: fullBitset(this.size),
      typos: new Uint8Array(this.size),
      attribute: new Uint16Array(this.size),
      exact: new Uint8Array(this.size),
    };
    for (const word of words) this.addWord(word, result);
    return result;
  }

  private addWord(word: string, result: TextMatch): void {
    // best[doc] = typos * 16 + attribute position of the best match of this word in the document
    const best = new Uint8Array(this.size).fill(noMatch);
    const exact = new Uint8Array(this.size);
    const touched = new GrowableInt32();
    for (const [term, match] of this.candidates(word)) {
      const code = match.typos * 16;
      for (let slot = this.offsets[term]; slot < this.offsets[term + 1]; slot++) {
        const doc = this.docs[slot];
        const candidate = code + 31 - Math.clz32(this.masks[slot] & -this.masks[slot]);
        if (best[doc] === noMatch) touched.push(doc);
        if (candidate < best[doc]) best[doc] = candidate;
        if (match.exact) exact[doc] = 1;
      }
    }
    const wordBits = emptyBitset(this.size);
    for (let i = 0; i < touched.length; i++) {
      const doc = touched.at(i);
      const code = best[doc];
      wordBits[doc >>> 5] |= 1 << (doc & 31);
      result.typos[doc] += code >>> 4;
      result.attribute[doc] += code & 15;
      result.exact[doc] += exact[doc];
    }
    for (let i = 0; i < wordBits.length; i++) result.bits[i] &= wordBits[i];
  }

  /** Terms matching the word: the prefix range of the sorted vocabulary, then typo matches. */
  private candidates(word: string): Array<[number, WordMatch]> {
    const [low, prefixEnd] = this.prefixRange(word);
    const found: Array<[number, WordMatch]> = [];
    for (let term = low; term < prefixEnd; term++) found.push([term, { typos: 0, exact: this.terms[term].length === word.length }]);
    if (word.length < minWordSizeForOneTypo) return found;

    const typos = new Set<number>();
    // A typo after the first letter: the term starts with that letter.
    const first = word[0];
    const [letterFrom, letterTo] = this.prefixRange(first);
    for (let term = letterFrom; term < letterTo; term++) {
      if (term === low) term = prefixEnd;
      if (term >= letterTo) break;
      const text = this.terms[term];
      if (text.length >= word.length - 1 && withinOneEditOfPrefix(word, text)) typos.add(term);
    }
    // A typo in the first letter (what withinOneEditOfPrefix checks when the first letters differ):
    // a letter too many starts the term with the word's tail; a wrong or missing letter puts the
    // word's tail or the whole word at the start of the term's tail.
    const tail = word.slice(1);
    const [tooManyFrom, tooManyTo] = this.prefixRange(tail);
    for (let term = tooManyFrom; term < tooManyTo; term++) if (this.terms[term][0] !== first) typos.add(term);
    for (const prefix of [tail, word]) {
      const [from, to] = this.tailRange(prefix);
      for (let i = from; i < to; i++) {
        const term = this.byTail[i];
        if (this.terms[term][0] !== first) typos.add(term);
      }
    }
    for (const term of typos) found.push([term, { typos: 1, exact: false }]);
    return found;
  }

  /** The terms starting with `prefix`: [from, to) in vocabulary order. */
  private prefixRange(prefix: string): [number, number] {
    const { terms } = this;
    const from = lowerBound(terms.length, (i) => terms[i] < prefix);
    let to = from;
    while (to < terms.length && terms[to].startsWith(prefix)) to += 1;
    return [from, to];
  }

  /** The terms whose tail starts with `prefix`: [from, to) in byTail order. */
  private tailRange(prefix: string): [number, number] {
    const { terms, byTail } = this;
    const from = lowerBound(byTail.length, (i) => terms[byTail[i]].slice(1) < prefix);
    let to = from;
    while (to < byTail.length && terms[byTail[to]].startsWith(prefix, 1)) to += 1;
    return [from, to];
  }
}

/** First i in [0, length) for which `before(i)` is false (`before` is true then false along the range). */
function lowerBound(length: number, before: (i: number) => boolean): number {
  let low = 0;
  let high = length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (before(mid)) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** Collects documents one at a time; `finish` lays out the vocabulary and postings in steps. */
export class TextIndexBuilder {
  private readonly termIds = new Map<string, number>();
  private readonly tokenIds = new Map<string, number[]>();
  /** Each document's (term, attribute mask) pairs, documents in order: document d's end at pairsEnd[d]. */
  private readonly pairTerm: GrowableInt32;
  private readonly pairMask: GrowableUint8;
  private readonly pairsEnd: GrowableInt32;
  // One document's terms and masks, reused.
  private readonly docTerms: number[] = [];
  private readonly docMasks: number[] = [];

  /** `capacity`: the documents expected, when known (a vehicle has about ten distinct terms). */
  constructor(capacity = 1024) {
    this.pairTerm = new GrowableInt32(capacity * 10);
    this.pairMask = new GrowableUint8(capacity * 10);
    this.pairsEnd = new GrowableInt32(capacity);
  }

  /** One document's indexed values (SearchValues order). */
  add(values: SearchValues): void {
    const { docTerms, docMasks } = this;
    docTerms.length = 0;
    docMasks.length = 0;
    for (let position = 0; position < textPositions.length; position++) {
      const value = values[textPositions[position]];
      if (typeof value !== "string") continue;
      for (const id of this.idsOf(value)) {
        const at = docTerms.indexOf(id);
        if (at === -1) {
          docTerms.push(id);
          docMasks.push(1 << position);
        } else {
          docMasks[at] |= 1 << position;
        }
      }
    }
    for (let i = 0; i < docTerms.length; i++) {
      this.pairTerm.push(docTerms[i]);
      this.pairMask.push(docMasks[i]);
    }
    this.pairsEnd.push(this.pairTerm.length);
  }

  private idsOf(value: string): number[] {
    let ids = this.tokenIds.get(value);
    if (!ids) {
      ids = tokenize(value).map((token) => {
        let id = this.termIds.get(token);
        if (id === undefined) {
          id = this.termIds.size;
          this.termIds.set(token, id);
        }
        return id;
      });
      // Values that repeat (makes, models, colours) come early and stay; stock numbers, one per
      // vehicle, would only fill the map.
      if (this.tokenIds.size < TOKEN_CACHE_SIZE) this.tokenIds.set(value, ids);
    }
    return ids;
  }

  /** Laid out in steps of a few ms: sorting the vocabulary (as large as the stock) in one go held the loop ~0.5 s. */
  *finish(): Generator<void, TextIndex> {
    this.tokenIds.clear();
    const terms = yield* sortInSteps([...this.termIds.keys()], compareStrings);
    yield;
    const rankOfId = new Int32Array(terms.length);
    for (let rank = 0; rank < terms.length; rank++) rankOfId[this.termIds.get(terms[rank]) ?? 0] = rank;
    this.termIds.clear();
    yield;
    const tails = terms.map((term) => term.slice(1));
    const byTail = Int32Array.from(yield* sortInSteps(Array.from(terms.keys()), (a, b) => compareStrings(tails[a], tails[b])));
    yield;
    const pairTerm = this.pairTerm.view();
    const pairMask = this.pairMask.view();
    const pairsEnd = this.pairsEnd.view();
    const offsets = new Int32Array(terms.length + 1);
    for (let i = 0; i < pairTerm.length; i++) offsets[rankOfId[pairTerm[i]] + 1] += 1;
    for (let i = 0; i < terms.length; i++) offsets[i + 1] += offsets[i];
    yield;
    const fill = offsets.slice(0, terms.length);
    const docs = new Int32Array(pairTerm.length);
    const masks = new Uint8Array(pairTerm.length);
    // Pairs are in document order, so each term's documents end up ascending.
    let pair = 0;
    for (let doc = 0; doc < pairsEnd.length; doc++) {
      for (; pair < pairsEnd[doc]; pair++) {
        const slot = fill[rankOfId[pairTerm[pair]]]++;
        docs[slot] = doc;
        masks[slot] = pairMask[pair];
      }
      if (doc % ITEMS_PER_STEP === ITEMS_PER_STEP - 1) yield;
    }
    return new TextIndex(pairsEnd.length, terms, offsets, docs, masks, byTail);
  }
}
