import type { Vehicle } from "~/server/stock/vehicle";
import { emptyBitset, fullBitset, type Bitset } from "./bitset";
import { minWordSizeForOneTypo, searchableAttributes } from "../meilisearch/settings";
import { tokenize, withinOneEditOfPrefix, type WordMatch } from "./text";

/** Per-document relevance of a text query, summed over its words (lower typos/attribute, higher exact is better). */
export type TextMatch = {
  bits: Bitset;
  typos: Uint8Array;
  attribute: Uint16Array;
  exact: Uint8Array;
};

const noMatch = 255;

const DOCS_PER_STEP = 5_000;

/**
 * Inverted index over the searchable attributes: a sorted vocabulary and, per term, the documents
 * holding it with a bit mask of the attributes it occurs in (compressed rows, one array each).
 */
export class TextIndex {
  private constructor(
    private readonly size: number,
    private readonly terms: string[],
    private readonly offsets: Int32Array,
    private readonly docs: Int32Array,
    private readonly masks: Uint8Array,
  ) {}

  static build(vehicles: readonly Vehicle[]): TextIndex {
    const steps = TextIndex.steps(vehicles);
    for (;;) {
      const step = steps.next();
      if (step.done) return step.value;
    }
  }

  /** The build in steps of DOCS_PER_STEP documents, so a caller can free the event loop between them. */
  static *steps(vehicles: readonly Vehicle[]): Generator<void, TextIndex> {
    const termIds = new Map<string, number>();
    const pairTerm: number[] = [];
    const pairDoc: number[] = [];
    const pairMask: number[] = [];
    const tokenCache = new Map<string, string[]>();
    for (let doc = 0; doc < vehicles.length; doc++) {
      if (doc > 0 && doc % DOCS_PER_STEP === 0) yield;
      const vehicle = vehicles[doc];
      const masks = new Map<number, number>();
      searchableAttributes.forEach((attribute, position) => {
        const value = vehicle[attribute];
        if (typeof value !== "string") return;
        let tokens = tokenCache.get(value);
        if (!tokens) {
          tokens = tokenize(value);
          tokenCache.set(value, tokens);
        }
        for (const token of tokens) {
          let id = termIds.get(token);
          if (id === undefined) {
            id = termIds.size;
            termIds.set(token, id);
          }
          masks.set(id, (masks.get(id) ?? 0) | (1 << position));
        }
      });
      for (const [id, mask] of masks) {
        pairTerm.push(id);
        pairDoc.push(doc);
        pairMask.push(mask);
      }
    }
    yield;

    const terms = [...termIds.keys()].sort();
    const rankOfId = new Int32Array(terms.length);
    terms.forEach((term, rank) => (rankOfId[termIds.get(term) ?? 0] = rank));
    const offsets = new Int32Array(terms.length + 1);
    for (const id of pairTerm) offsets[rankOfId[id] + 1] += 1;
    for (let i = 0; i < terms.length; i++) offsets[i + 1] += offsets[i];
    const fill = offsets.slice(0, terms.length);
    const docs = new Int32Array(pairTerm.length);
    const masks = new Uint8Array(pairTerm.length);
    // Pairs arrive in document order, so each term's documents end up ascending.
    for (let i = 0; i < pairTerm.length; i++) {
      const slot = fill[rankOfId[pairTerm[i]]]++;
      docs[slot] = pairDoc[i];
      masks[slot] = pairMask[i];
    }
    return new TextIndex(vehicles.length, terms, offsets, docs, masks);
  }

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
    for (const [term, match] of this.candidates(word)) {
      const code = match.typos * 16;
      for (let slot = this.offsets[term]; slot < this.offsets[term + 1]; slot++) {
        const doc = this.docs[slot];
        const candidate = code + 31 - Math.clz32(this.masks[slot] & -this.masks[slot]);
        if (candidate < best[doc]) best[doc] = candidate;
        if (match.exact) exact[doc] = 1;
      }
    }
    const wordBits = emptyBitset(this.size);
    for (let doc = 0; doc < this.size; doc++) {
      const code = best[doc];
      if (code === noMatch) continue;
      wordBits[doc >>> 5] |= 1 << (doc & 31);
      result.typos[doc] += code >>> 4;
      result.attribute[doc] += code & 15;
      result.exact[doc] += exact[doc];
    }
    for (let i = 0; i < wordBits.length; i++) result.bits[i] &= wordBits[i];
  }

  /** Terms matching the word: the prefix range of the sorted vocabulary, then typo matches. */
  private candidates(word: string): Array<[number, WordMatch]> {
    let low = 0;
    let high = this.terms.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (this.terms[mid] < word) low = mid + 1;
      else high = mid;
    }
    const found: Array<[number, WordMatch]> = [];
    let prefixEnd = low;
    while (prefixEnd < this.terms.length && this.terms[prefixEnd].startsWith(word)) {
      found.push([prefixEnd, { typos: 0, exact: this.terms[prefixEnd].length === word.length }]);
      prefixEnd += 1;
    }
    if (word.length < minWordSizeForOneTypo) return found;
    for (let term = 0; term < this.terms.length; term++) {
      if (term === low) term = prefixEnd;
      if (term >= this.terms.length) break;
      const text = this.terms[term];
      if (text.length >= word.length - 1 && withinOneEditOfPrefix(word, text)) found.push([term, { typos: 1, exact: false }]);
    }
    return found;
  }
}
