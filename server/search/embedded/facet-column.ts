import { maxValuesPerFacet } from "../meilisearch/settings";
import { addDocs, bitsetFromDocs, orInto, type Bitset } from "./bitset";
import type { FilterCondition } from "./filter-parser";
import { normalizeText } from "./text";

/** A denser value keeps a bitset instead of a document list: the bitset is then the smaller of the two. */
const denseFactor = 32;

type FacetValue = { key: string; normalized: string; number: number };

/** Facet values of one attribute value: strings, numbers (listed as strings), booleans, arrays of those. */
function facetValues(raw: unknown, normalize: (text: string) => string): FacetValue[] {
  if (Array.isArray(raw)) return raw.flatMap((item: unknown) => (Array.isArray(item) ? [] : facetValues(item, normalize)));
  if (typeof raw === "string") return [{ key: raw, normalized: normalize(raw), number: Number.NaN }];
  if (typeof raw === "number" && Number.isFinite(raw)) return [{ key: String(raw), normalized: String(raw), number: raw }];
  if (typeof raw === "boolean") return [{ key: String(raw), normalized: String(raw), number: Number.NaN }];
  return [];
}

/**
 * One filterable attribute: its distinct values, each value's documents (a list, or a bitset when
 * dense), each document's values for counting, and the numeric values in order for ranges.
 */
export class FacetColumn {
  private constructor(
    readonly attribute: string,
    private readonly keys: string[],
    private readonly lookup: Map<string, number>,
    private readonly numbers: Float64Array,
    /** Document values as compressed rows: values of doc d are valueIds[docOffsets[d]..docOffsets[d+1]). */
    private readonly docOffsets: Int32Array,
    private readonly valueIds: Int32Array,
    /** Documents of value v, ascending: postingDocs[postingOffsets[v]..postingOffsets[v+1]). */
    private readonly postingOffsets: Int32Array,
    private readonly postingDocs: Int32Array,
    private readonly dense: Array<Bitset | null>,
    /** Value ids in Meilisearch's listing order: numbers ascending, then strings alphabetically. */
    private readonly listingOrder: Int32Array,
    /** Numeric values ascending with their documents, for range filters. */
    private readonly rangeValues: Float64Array,
    private readonly rangeDocs: Int32Array,
  ) {}

  static build(attribute: string, rawValues: readonly unknown[], size: number): FacetColumn {
    const keys: string[] = [];
    const normalizedKeys: string[] = [];
    const numberList: number[] = [];
    const lookup = new Map<string, number>();
    const docOffsets = new Int32Array(size + 1);
    const ids: number[] = [];
    // Stock repeats the same few strings thousands of times; normalizing each once keeps builds fast.
    const normalized = new Map<string, string>();
    const normalize = (text: string) => {
      let result = normalized.get(text);
      if (result === undefined) {
        result = normalizeText(text);
        normalized.set(text, result);
      }
      return result;
    };
    rawValues.forEach((raw, doc) => {
      const first = ids.length;
      for (const value of facetValues(raw, normalize)) {
        let id = lookup.get(value.normalized);
        if (id === undefined) {
          id = keys.length;
          lookup.set(value.normalized, id);
          keys.push(value.key);
          normalizedKeys.push(value.normalized);
          numberList.push(value.number);
        }
        // An array may repeat a value; it counts once per document.
        if (ids.indexOf(id, first) === -1) ids.push(id);
      }
      docOffsets[doc + 1] = ids.length;
    });
    const valueIds = Int32Array.from(ids);
    const numbers = Float64Array.from(numberList);

    const postingOffsets = new Int32Array(keys.length + 1);
    for (const id of valueIds) postingOffsets[id + 1] += 1;
    for (let id = 0; id < keys.length; id++) postingOffsets[id + 1] += postingOffsets[id];
    const fill = postingOffsets.slice(0, keys.length);
    const postingDocs = new Int32Array(valueIds.length);
    for (let doc = 0; doc < size; doc++) {
      for (let slot = docOffsets[doc]; slot < docOffsets[doc + 1]; slot++) postingDocs[fill[valueIds[slot]]++] = doc;
    }
    const dense = keys.map((_, id) => {
      const docs = postingDocs.subarray(postingOffsets[id], postingOffsets[id + 1]);
      if (docs.length * denseFactor <= size) return null;
      return bitsetFromDocs(size, docs);
    });

    const order = keys.map((_, id) => id);
    const numericIds = order.filter((id) => !Number.isNaN(numbers[id])).sort((a, b) => numbers[a] - numbers[b]);
    const textIds = order
      .filter((id) => Number.isNaN(numbers[id]))
      .sort((a, b) => (normalizedKeys[a] < normalizedKeys[b] ? -1 : normalizedKeys[a] > normalizedKeys[b] ? 1 : 0));
    const rangeValues: number[] = [];
    const rangeDocs: number[] = [];
    for (const id of numericIds) {
      for (let slot = postingOffsets[id]; slot < postingOffsets[id + 1]; slot++) {
        rangeValues.push(numbers[id]);
        rangeDocs.push(postingDocs[slot]);
      }
    }
    return new FacetColumn(
      attribute,
      keys,
      lookup,
      numbers,
      docOffsets,
      valueIds,
      postingOffsets,
      postingDocs,
      dense,
      Int32Array.from([...numericIds, ...textIds]),
      Float64Array.from(rangeValues),
      Int32Array.from(rangeDocs),
    );
  }

  /** Adds the documents matching the condition to `target` (null values never match a range). */
  addMatches(condition: FilterCondition, target: Bitset): void {
    if (condition.type === "equals") {
      for (const id of this.idsEqualTo(condition.value)) {
        const bits = this.dense[id];
        if (bits) orInto(target, bits);
        else addDocs(target, this.postingDocs.subarray(this.postingOffsets[id], this.postingOffsets[id + 1]));
      }
      return;
    }
    const from = lowerBound(this.rangeValues, condition.min, !condition.minInclusive);
    const to = lowerBound(this.rangeValues, condition.max, condition.maxInclusive);
    if (from < to) addDocs(target, this.rangeDocs.subarray(from, to));
  }

  /** `year = "2020"` matches the number 2020, and strings match case- and accent-insensitively. */
  private idsEqualTo(value: string): number[] {
    const ids = new Set<number>();
    const text = this.lookup.get(normalizeText(value));
    if (text !== undefined) ids.add(text);
    const asNumber = value.trim() === "" ? Number.NaN : Number(value);
    if (Number.isFinite(asNumber)) {
      const numeric = this.lookup.get(String(asNumber));
      if (numeric !== undefined) ids.add(numeric);
    }
    return [...ids];
  }

  /** Value → count over the documents, at most maxValuesPerFacet values, in Meilisearch's order. */
  distribution(docs: Int32Array): Record<string, number> {
    const counts = new Int32Array(this.keys.length);
    const { docOffsets, valueIds } = this;
    for (let i = 0; i < docs.length; i++) {
      const doc = docs[i];
      for (let slot = docOffsets[doc]; slot < docOffsets[doc + 1]; slot++) counts[valueIds[slot]] += 1;
    }
    const result: Record<string, number> = {};
    let listed = 0;
    for (let i = 0; i < this.listingOrder.length && listed < maxValuesPerFacet; i++) {
      const id = this.listingOrder[i];
      if (counts[id] === 0) continue;
      result[this.keys[id]] = counts[id];
      listed += 1;
    }
    return result;
  }

  /** Min and max of the numeric values over the documents, or null when they have none. */
  stats(docs: Int32Array): { min: number; max: number } | null {
    if (this.rangeValues.length === 0) return null;
    let min = Infinity;
    let max = -Infinity;
    const { docOffsets, valueIds, numbers } = this;
    for (let i = 0; i < docs.length; i++) {
      const doc = docs[i];
      for (let slot = docOffsets[doc]; slot < docOffsets[doc + 1]; slot++) {
        const value = numbers[valueIds[slot]];
        if (value < min) min = value;
        if (value > max) max = value;
      }
    }
    return min <= max ? { min, max } : null;
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
