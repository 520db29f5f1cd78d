import { maxValuesPerFacet } from "../meilisearch/settings";
import { addDocs, bitsetFromDocs, orInto, removeDocs, type Bitset } from "./bitset";
import type { FilterCondition } from "./filter-parser";
import { GrowableInt32, idArray } from "./growable";
import { compareStrings, ITEMS_PER_STEP, sortInSteps } from "./steps";
import { normalizeText } from "./text";

/** A denser value keeps a bitset beside its document list: ORing words beats setting that many bits. */
const denseFactor = 32;

type IdArray = Uint8Array | Uint16Array | Uint32Array;

/**
 * One filterable attribute, columnar (issue 10 §7): value ids are numbered in Meilisearch's listing
 * order (numbers ascending, then strings alphabetically), so a numeric range is a run of ids and
 * its documents one slice of the postings. Per document only a value id is kept (1–4 bytes);
 * attributes holding arrays keep compressed rows instead.
 */
export class FacetColumn {
  /** Built by its builder. */
  constructor(
    readonly attribute: string,
    /** Ids 0..numericCount-1 are numbers, ascending; the rest strings and booleans. */
    private readonly numbers: Float64Array,
    private readonly numericCount: number,
    /** Spelling shown and normalized form of text id numericCount + i, sorted by normalized form. */
    private readonly textKeys: readonly string[],
    private readonly textNormalized: readonly string[],
    /** The value id of each document, or `valueCount` for none (single-valued attributes). */
    private readonly single: IdArray | null,
    /** Values of doc d are multiIds[multiOffsets[d]..multiOffsets[d+1]) (attributes holding arrays). */
    private readonly multiOffsets: Int32Array | null,
    private readonly multiIds: IdArray | null,
    /** Documents of value v, ascending: postingDocs[postingOffsets[v]..postingOffsets[v+1]). */
    private readonly postingOffsets: Int32Array,
    private readonly postingDocs: Int32Array,
    private readonly dense: ReadonlyArray<Bitset | null>,
  ) {}

  private counts: Int32Array | null = null;
  /** Documents with a numeric value (single-valued columns), for ranges covering most of them. */
  private numericDocs: Bitset | null = null;

  private get valueCount(): number {
    return this.numbers.length;
  }

  /** Adds the documents matching the condition to `target` (null values never match a range). */
  addMatches(condition: FilterCondition, target: Bitset): void {
    if (condition.type === "equals") {
      for (const id of this.idsEqualTo(condition.value)) this.addValue(id, target);
      return;
    }
    const numbers = this.numbers.subarray(0, this.numericCount);
    const from = lowerBound(numbers, condition.min, !condition.minInclusive);
    const to = lowerBound(numbers, condition.max, condition.maxInclusive);
    const { postingOffsets, postingDocs } = this;
    const inRange = postingOffsets[to] - postingOffsets[from];
    const numeric = postingOffsets[this.numericCount];
    if (this.single && inRange * 2 > numeric) {
      // "price >= 10000" holds for most vehicles: clearing the few outside is cheaper than setting the rest.
      this.numericDocs ??= bitsetFromDocs(this.single.length, postingDocs.subarray(0, numeric));
      const bits = this.numericDocs.slice();
      removeDocs(bits, postingDocs.subarray(0, postingOffsets[from]));
      removeDocs(bits, postingDocs.subarray(postingOffsets[to], numeric));
      orInto(target, bits);
      return;
    }
    let sparseFrom = from;
    for (let id = from; id < to; id++) {
      const bits = this.dense[id];
      if (!bits) continue;
      // The run of sparse values before this dense one is one contiguous slice of the postings.
      if (sparseFrom < id) addDocs(target, this.postingDocs.subarray(this.postingOffsets[sparseFrom], this.postingOffsets[id]));
      orInto(target, bits);
      sparseFrom = id + 1;
    }
    if (sparseFrom < to) addDocs(target, this.postingDocs.subarray(this.postingOffsets[sparseFrom], this.postingOffsets[to]));
  }

  private addValue(id: number, target: Bitset): void {
    const bits = this.dense[id];
    if (bits) orInto(target, bits);
    else addDocs(target, this.postingDocs.subarray(this.postingOffsets[id], this.postingOffsets[id + 1]));
  }

  /** `year = "2020"` matches the number 2020, and strings match case- and accent-insensitively. */
  private idsEqualTo(value: string): number[] {
    const ids = new Set<number>();
    const text = this.textId(normalizeText(value));
    if (text !== -1) ids.add(text);
    const asNumber = value.trim() === "" ? Number.NaN : Number(value);
    if (Number.isFinite(asNumber)) {
      const numbers = this.numbers.subarray(0, this.numericCount);
      const at = lowerBound(numbers, asNumber, false);
      if (at < numbers.length && numbers[at] === asNumber) ids.add(at);
      // A number first seen as a string ("16") is a text value.
      const spelled = this.textId(String(asNumber));
      if (spelled !== -1) ids.add(spelled);
    }
    return [...ids];
  }

  private textId(normalized: string): number {
    const keys = this.textNormalized;
    let low = 0;
    let high = keys.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (keys[mid] < normalized) low = mid + 1;
      else high = mid;
    }
    return low < keys.length && keys[low] === normalized ? this.numericCount + low : -1;
  }

  private key(id: number): string {
    return id < this.numericCount ? String(this.numbers[id]) : this.textKeys[id - this.numericCount];
  }

  /** Value → count over the documents, at most maxValuesPerFacet values, in Meilisearch's order. */
  distribution(docs: Int32Array): Record<string, number> {
    // The values present, in id (= listing) order: found from the documents when they are fewer than
    // the values (mileage has nearly one value per vehicle), else by walking every value.
    const counts = this.scratchCounts();
    const none = this.valueCount;
    const { single, multiOffsets, multiIds } = this;
    let present: Int32Array | null = null;
    if (docs.length * 4 < this.valueCount) {
      const found = new GrowableInt32(Math.min(docs.length, 1024));
      for (let i = 0; i < docs.length; i++) {
        const doc = docs[i];
        if (single) {
          const id = single[doc];
          if (id !== none && counts[id]++ === 0) found.push(id);
        } else if (multiOffsets && multiIds) {
          for (let slot = multiOffsets[doc]; slot < multiOffsets[doc + 1]; slot++)
            if (counts[multiIds[slot]]++ === 0) found.push(multiIds[slot]);
        }
      }
      present = found.toArray().sort();
    } else if (single) {
      // The no-value slot (`none`) counts too, and is ignored.
      for (let i = 0; i < docs.length; i++) counts[single[docs[i]]] += 1;
    } else if (multiOffsets && multiIds) {
      for (let i = 0; i < docs.length; i++) {
        const doc = docs[i];
        for (let slot = multiOffsets[doc]; slot < multiOffsets[doc + 1]; slot++) counts[multiIds[slot]] += 1;
      }
    }
    const result: Record<string, number> = {};
    if (present) {
      for (let i = 0; i < present.length; i++) {
        const id = present[i];
        if (i < maxValuesPerFacet) result[this.key(id)] = counts[id];
        counts[id] = 0;
      }
      return result;
    }
    let listed = 0;
    for (let id = 0; id < none; id++) {
      if (counts[id] === 0) continue;
      if (listed < maxValuesPerFacet) result[this.key(id)] = counts[id];
      listed += 1;
      counts[id] = 0;
    }
    counts[none] = 0;
    return result;
  }

  /** Zeroed counts by value id (and the no-value slot), reused: searches run one at a time, and each leaves it zeroed. */
  private scratchCounts(): Int32Array {
    this.counts ??= new Int32Array(this.valueCount + 1);
    return this.counts;
  }

  /** Min and max of the numeric values over the documents, or null when they have none. */
  stats(docs: Int32Array): { min: number; max: number } | null {
    if (this.numericCount === 0) return null;
    // Numeric ids ascend with their values, so the extreme ids give the extreme values.
    let min = this.numericCount;
    let max = -1;
    const { single, multiOffsets, multiIds, numericCount } = this;
    for (let i = 0; i < docs.length; i++) {
      const doc = docs[i];
      if (single) {
        const id = single[doc];
        if (id < numericCount) {
          if (id < min) min = id;
          if (id > max) max = id;
        }
      } else if (multiOffsets && multiIds) {
        for (let slot = multiOffsets[doc]; slot < multiOffsets[doc + 1]; slot++) {
          const id = multiIds[slot];
          if (id < numericCount) {
            if (id < min) min = id;
            if (id > max) max = id;
          }
        }
      }
    }
    return max === -1 ? null : { min: this.numbers[min], max: this.numbers[max] };
  }
}

/**
 * Collects one attribute's values document by document (so stock can be read from the database a
 * page at a time), then lays them out as a FacetColumn.
 */
export class FacetColumnBuilder {
  // One map per type keeps each lookup monomorphic (a build makes millions of them).
  private readonly idOfString = new Map<string, number>();
  private readonly idOfNumber = new Map<number, number>();
  private readonly idOfBoolean: [number, number] = [-1, -1];
  private readonly idOfNormalized = new Map<string, number>();
  private readonly keys: string[] = [];
  private readonly normalizedKeys: string[] = [];
  private readonly numbers: number[] = [];
  private readonly offsets = new GrowableInt32();
  private readonly ids = new GrowableInt32();
  private multi = false;

  constructor(readonly attribute: string) {
    this.offsets.push(0);
  }

  add(raw: unknown): void {
    const first = this.ids.length;
    if (Array.isArray(raw)) {
      for (const item of raw as unknown[]) if (!Array.isArray(item)) this.addValue(item, first);
    } else {
      this.addValue(raw, first);
    }
    if (this.ids.length - first > 1) this.multi = true;
    this.offsets.push(this.ids.length);
  }

  private addValue(raw: unknown, first: number): void {
    const id = this.idOf(raw);
    if (id === -1) return;
    // An array may repeat a value; it counts once per document.
    for (let slot = first; slot < this.ids.length; slot++) if (this.ids.at(slot) === id) return;
    this.ids.push(id);
  }

  /** Facet values are strings, finite numbers (listed as strings) and booleans; anything else is no value. */
  private idOf(raw: unknown): number {
    if (typeof raw === "string") {
      let id = this.idOfString.get(raw);
      if (id === undefined) {
        // Stock repeats the same few strings thousands of times; each is normalized once.
        id = this.valueId(raw, normalizeText(raw), Number.NaN);
        this.idOfString.set(raw, id);
      }
      return id;
    }
    if (typeof raw === "number") {
      if (!Number.isFinite(raw)) return -1;
      let id = this.idOfNumber.get(raw);
      if (id === undefined) {
        const key = String(raw);
        id = this.valueId(key, key, raw);
        this.idOfNumber.set(raw, id);
      }
      return id;
    }
    if (typeof raw === "boolean") {
      const slot = raw ? 1 : 0;
      if (this.idOfBoolean[slot] === -1) this.idOfBoolean[slot] = this.valueId(String(raw), String(raw), Number.NaN);
      return this.idOfBoolean[slot];
    }
    return -1;
  }

  /** The id of a normalized value, new or already seen (by another spelling or type). */
  private valueId(key: string, normalized: string, number: number): number {
    let id = this.idOfNormalized.get(normalized);
    if (id === undefined) {
      id = this.keys.length;
      this.idOfNormalized.set(normalized, id);
      this.keys.push(key);
      this.normalizedKeys.push(normalized);
      this.numbers.push(number);
    }
    return id;
  }

  /**
   * The column, laid out in steps of a few ms (issue 10 §5): sorting 50,000 slugs or filling their
   * postings in one piece held a background build's event loop for ~0.5 s.
   */
  *finish(): Generator<void, FacetColumn> {
    const { keys, normalizedKeys, numbers } = this;
    const count = keys.length;
    const numericIds: number[] = [];
    const textIds: number[] = [];
    for (let id = 0; id < count; id++) (Number.isNaN(numbers[id]) ? textIds : numericIds).push(id);
    const sortedNumeric = yield* sortInSteps(numericIds, (a, b) => numbers[a] - numbers[b]);
    const sortedText = yield* sortInSteps(textIds, (a, b) => compareStrings(normalizedKeys[a], normalizedKeys[b]));
    const listing = sortedNumeric.concat(sortedText);
    const final = new Int32Array(count);
    for (let position = 0; position < count; position++) final[listing[position]] = position;

    const offsets = this.offsets.toArray();
    const size = offsets.length - 1;
    const raw = this.ids.toArray();
    const pairs = idArray(raw.length, Math.max(0, count - 1));
    for (let i = 0; i < raw.length; i++) pairs[i] = final[raw[i]];

    let single: IdArray | null = null;
    let multiOffsets: Int32Array | null = null;
    let multiIds: IdArray | null = null;
    if (this.multi) {
      multiOffsets = offsets;
      multiIds = pairs;
    } else {
      single = idArray(size, count);
      for (let doc = 0; doc < size; doc++) single[doc] = offsets[doc + 1] > offsets[doc] ? pairs[offsets[doc]] : count;
    }
    yield;

    const postingOffsets = new Int32Array(count + 1);
    for (let i = 0; i < pairs.length; i++) postingOffsets[pairs[i] + 1] += 1;
    for (let id = 0; id < count; id++) postingOffsets[id + 1] += postingOffsets[id];
    const fill = postingOffsets.slice(0, count);
    const postingDocs = new Int32Array(pairs.length);
    for (let doc = 0; doc < size; doc++) {
      for (let slot = offsets[doc]; slot < offsets[doc + 1]; slot++) postingDocs[fill[pairs[slot]]++] = doc;
    }
    yield;
    const dense: Array<Bitset | null> = new Array<Bitset | null>(count);
    for (let id = 0; id < count; id++) {
      const length = postingOffsets[id + 1] - postingOffsets[id];
      dense[id] =
        length * denseFactor <= size ? null : bitsetFromDocs(size, postingDocs.subarray(postingOffsets[id], postingOffsets[id + 1]));
      if (id % ITEMS_PER_STEP === ITEMS_PER_STEP - 1) yield;
    }
    const textKeys = sortedText.map((id) => keys[id]);
    const textNormalized = sortedText.map((id) => normalizedKeys[id]);

    return new FacetColumn(
      this.attribute,
      Float64Array.from(listing, (id) => numbers[id]),
      sortedNumeric.length,
      textKeys,
      textNormalized,
      single,
      multiOffsets,
      multiIds,
      postingOffsets,
      postingDocs,
      dense,
    );
  }
}

/** First index whose value is >= bound (or > bound when `strict`). */
function lowerBound(values: Float64Array, bound: number, strict: boolean): number {
  let low = 0;
  let high = values.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (values[mid] < bound || (strict && values[mid] === bound)) low = mid + 1;
    else high = mid;
  }
  return low;
}
