import { maxValuesPerFacet } from "~/server/search/meilisearch/settings";
import { addDocs, bitsetFromDocs, orInto, removeDocs, type Bitset } from "./bitset";
import type { FilterCondition } from "./filter-parser";
import { GrowableFloat64, GrowableInt32, idArray } from "./growable";
import { sortedDistinct } from "./sort-column";
import { compareStrings, ITEMS_PER_STEP, sortInSteps } from "./steps";
import { normalizeText } from "./text";

/** A denser value keeps a bitset beside its document list: ORing words beats setting that many bits. */
const denseFactor = 32;

type IdArray = Uint8Array | Uint16Array | Uint32Array;

/**
 * One filterable attribute, columnar: value ids are numbered in Meilisearch's listing
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
      // A number only ever spelled as a string ("16") is a text value.
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

  /**
   * Each document's rank among the column's numbers and how many numbers there are: the sort of
   * the same attribute. -1 (sorted last) for a document without a number, with a string, or with
   * several values (as a sort of the raw values, where an array is no number).
   */
  numericRanks(): { ranks: Int32Array; distinct: number } {
    const { single, multiOffsets, multiIds, numericCount } = this;
    if (single) {
      const ranks = new Int32Array(single.length);
      for (let doc = 0; doc < single.length; doc++) ranks[doc] = single[doc] < numericCount ? single[doc] : -1;
      return { ranks, distinct: numericCount };
    }
    const size = multiOffsets ? multiOffsets.length - 1 : 0;
    const ranks = new Int32Array(size).fill(-1);
    if (multiOffsets && multiIds) {
      for (let doc = 0; doc < size; doc++) {
        const slot = multiOffsets[doc];
        if (multiOffsets[doc + 1] === slot + 1 && multiIds[slot] < numericCount) ranks[doc] = multiIds[slot];
      }
    }
    return { ranks, distinct: numericCount };
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

/** A slot holding a number: its value is in the builder's slot numbers, not in the text table. */
const NUMBER_SLOT = -1;
/** A document without a value, while every document has one slot (its value or this). */
const NO_VALUE = -2;

/**
 * Collects one attribute's values document by document (so stock can be read from the database a
 * page at a time), then lays them out as a FacetColumn. Numbers are kept raw and ranked by one
 * typed-array sort at the end (ids, prices and odometers are nearly one value per vehicle: a map
 * entry each cost a 200,000-vehicle build ~0.5 s and most of its garbage collection); strings,
 * which repeat, are interned as they come. While no document holds several values, slot d is
 * document d and no offsets are kept (most attributes are single-valued: offsets were a fifth of a
 * build's allocations).
 */
export class FacetColumnBuilder {
  /** Text id by spelling and by normalized form: one map, as a spelling that is already normalized is its own key. */
  private readonly textIdByKey = new Map<string, number>();
  /** The last string seen and its id: consecutive vehicles mostly share a yard, a dealership, a status. */
  private lastText: string | null = null;
  private lastTextId = -1;
  private readonly keys: string[] = [];
  private readonly normalizedKeys: string[] = [];
  /** Per slot: a text id, NUMBER_SLOT with the value in slotNumbers, or NO_VALUE (one slot per document only). */
  private readonly ids: GrowableInt32;
  private slotNumbers: GrowableFloat64 | null = null;
  /** Document d's slots are [offsets[d], offsets[d + 1]), once some document has held several values. */
  private offsets: GrowableInt32 | null = null;
  private size = 0;

  /** `capacity`: the documents expected, when known, so the columns are allocated once. */
  constructor(
    readonly attribute: string,
    private readonly capacity = 1024,
  ) {
    this.ids = new GrowableInt32(capacity);
  }

  add(raw: unknown): void {
    const first = this.ids.length;
    if (Array.isArray(raw)) {
      for (const item of raw as unknown[]) if (!Array.isArray(item)) this.addValue(item, first);
    } else {
      this.addValue(raw, first);
    }
    const added = this.ids.length - first;
    if (this.offsets) {
      this.offsets.push(this.ids.length);
    } else if (added === 0) {
      this.ids.push(NO_VALUE);
      this.slotNumbers?.push(Number.NaN);
    } else if (added > 1) {
      this.offsets = this.slotsByDocument(first);
    }
    this.size += 1;
  }

  /**
   * From one slot per document to offsets, when the document whose slots start at `first` holds
   * several values: the earlier documents' NO_VALUE slots are dropped.
   */
  private slotsByDocument(first: number): GrowableInt32 {
    const offsets = new GrowableInt32(Math.max(this.capacity, this.size + 1) + 1);
    const { ids, slotNumbers } = this;
    let kept = 0;
    offsets.push(0);
    for (let slot = 0; slot < ids.length; slot++) {
      if (slot >= first || ids.at(slot) !== NO_VALUE) {
        ids.set(kept, ids.at(slot));
        slotNumbers?.set(kept, slotNumbers.at(slot));
        kept += 1;
      }
      if (slot < first) offsets.push(kept);
    }
    ids.truncate(kept);
    slotNumbers?.truncate(kept);
    offsets.push(kept);
    return offsets;
  }

  /** Facet values are strings, finite numbers (listed as strings) and booleans; anything else is no value. */
  private addValue(raw: unknown, first: number): void {
    if (typeof raw === "number") {
      if (Number.isFinite(raw)) this.addNumber(raw, first);
      return;
    }
    const text = typeof raw === "string" ? raw : typeof raw === "boolean" ? String(raw) : null;
    if (text === null) return;
    const id = this.textId(text);
    // An array may repeat a value; it counts once per document.
    for (let slot = first; slot < this.ids.length; slot++) if (this.ids.at(slot) === id) return;
    this.ids.push(id);
    this.slotNumbers?.push(Number.NaN);
  }

  private addNumber(value: number, first: number): void {
    if (!this.slotNumbers) {
      this.slotNumbers = new GrowableFloat64(Math.max(this.capacity, this.ids.length + 1));
      for (let slot = 0; slot < this.ids.length; slot++) this.slotNumbers.push(Number.NaN);
    }
    const numbers = this.slotNumbers;
    for (let slot = first; slot < this.ids.length; slot++) if (numbers.at(slot) === value) return;
    this.ids.push(NUMBER_SLOT);
    numbers.push(value);
  }

  /** The id of a string, new or already seen (by another spelling: "Citroën" and "citroen" are one value). */
  private textId(raw: string): number {
    if (raw === this.lastText) return this.lastTextId;
    const id = this.internText(raw);
    this.lastText = raw;
    this.lastTextId = id;
    return id;
  }

  private internText(raw: string): number {
    const known = this.textIdByKey.get(raw);
    if (known !== undefined) return known;
    // Stock repeats the same few strings thousands of times; each spelling is normalized once.
    const normalized = normalizeText(raw);
    let id = normalized === raw ? undefined : this.textIdByKey.get(normalized);
    if (id === undefined) {
      id = this.keys.length;
      this.keys.push(raw);
      this.normalizedKeys.push(normalized);
      if (normalized !== raw) this.textIdByKey.set(normalized, id);
    }
    this.textIdByKey.set(raw, id);
    return id;
  }

  /**
   * The column, laid out in steps of a few ms: sorting 50,000 slugs or filling their
   * postings in one piece held a background build's event loop for ~0.5 s.
   */
  *finish(): Generator<void, FacetColumn> {
    const slotIds = this.ids.view();
    const slotNumbers = this.slotNumbers?.view() ?? null;
    const distinctNumbers = slotNumbers ? sortedDistinct(slotNumbers) : new Float64Array(0);
    yield;
    // A string spelling a number that is also present ("16" beside 16) is that number.
    const { keys, normalizedKeys, size } = this;
    const textCount = keys.length;
    const numberOfText = new Int32Array(textCount).fill(-1);
    const textIds: number[] = [];
    for (let id = 0; id < textCount; id++) {
      const asNumber = Number(normalizedKeys[id]);
      const at = normalizedKeys[id] !== "" && String(asNumber) === normalizedKeys[id] ? rankOf(distinctNumbers, asNumber) : -1;
      if (at === -1) textIds.push(id);
      else numberOfText[id] = at;
    }
    const sortedText = yield* sortInSteps(textIds, (a, b) => compareStrings(normalizedKeys[a], normalizedKeys[b]));
    const numericCount = distinctNumbers.length;
    const count = numericCount + sortedText.length;
    // Final id of each text id: its number's rank, or its place after the numbers.
    const finalOfText = numberOfText;
    for (let position = 0; position < sortedText.length; position++) finalOfText[sortedText[position]] = numericCount + position;
    yield;

    // Each slot's value id; `count` for no value (one slot per document only).
    const slotValues = idArray(slotIds.length, count);
    for (let slot = 0; slot < slotIds.length; slot++) {
      const id = slotIds[slot];
      slotValues[slot] =
        id === NO_VALUE ? count : id === NUMBER_SLOT && slotNumbers ? rankOf(distinctNumbers, slotNumbers[slot]) : finalOfText[id];
      if (slot % (ITEMS_PER_STEP * 16) === ITEMS_PER_STEP * 16 - 1) yield;
    }
    const multiOffsets = this.offsets?.toArray() ?? null;
    const single = multiOffsets ? null : slotValues;
    const multiIds = multiOffsets ? slotValues : null;
    yield;

    // Documents by value: one counting pass over the slots, then one placing pass.
    const postingOffsets = new Int32Array(count + 2);
    for (let slot = 0; slot < slotValues.length; slot++) postingOffsets[slotValues[slot] + 1] += 1;
    for (let id = 0; id <= count; id++) postingOffsets[id + 1] += postingOffsets[id];
    const fill = postingOffsets.slice(0, count + 1);
    const postingDocs = new Int32Array(postingOffsets[count]);
    if (multiOffsets) {
      for (let doc = 0; doc < size; doc++) {
        for (let slot = multiOffsets[doc]; slot < multiOffsets[doc + 1]; slot++) postingDocs[fill[slotValues[slot]]++] = doc;
      }
    } else {
      for (let doc = 0; doc < size; doc++) {
        const id = slotValues[doc];
        if (id !== count) postingDocs[fill[id]++] = doc;
      }
    }
    yield;
    const dense: Array<Bitset | null> = new Array<Bitset | null>(count);
    for (let id = 0; id < count; id++) {
      const length = postingOffsets[id + 1] - postingOffsets[id];
      dense[id] =
        length * denseFactor <= size ? null : bitsetFromDocs(size, postingDocs.subarray(postingOffsets[id], postingOffsets[id + 1]));
      if (id % ITEMS_PER_STEP === ITEMS_PER_STEP - 1) yield;
    }
    const numbers = new Float64Array(count).fill(Number.NaN);
    numbers.set(distinctNumbers);

    return new FacetColumn(
      this.attribute,
      numbers,
      numericCount,
      sortedText.map((id) => keys[id]),
      sortedText.map((id) => normalizedKeys[id]),
      single,
      multiOffsets,
      multiIds,
      postingOffsets.subarray(0, count + 1),
      postingDocs,
      dense,
    );
  }
}

/** Position of `value` in the ascending `values`, or -1. */
function rankOf(values: Float64Array, value: number): number {
  const at = lowerBound(values, value, false);
  return at < values.length && values[at] === value ? at : -1;
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
