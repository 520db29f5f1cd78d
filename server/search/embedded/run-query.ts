import { performance } from "node:perf_hooks";
import type { FacetDistribution, FacetStats, SearchQuery, SearchResult } from "~/server/search/types";
import { filterableAttributes, sortableAttributes } from "~/server/search/meilisearch/settings";
import { andInto, docsOf, emptyBitset, has, type Bitset } from "./bitset";
import type { FacetColumn } from "./facet-column";
import { parseFilterExpression } from "./filter-parser";
import { InvalidSearchQueryError } from "./invalid-query";
import { compareRanks, type SortColumn } from "./sort-column";
import type { TenantIndex } from "./tenant-index";
import type { TextMatch } from "./text-index";

// Meilisearch's defaults when a query leaves them out.
const defaultLimit = 20;
const defaultOffset = 0;

type SortKey = { column: SortColumn; direction: 1 | -1; order: "asc" | "desc" };

/** A query's answer with its hits as document numbers; the vehicles are read by whoever holds them. */
export type RankedResult = Omit<SearchResult, "hits"> & { hitDocs: number[] };

/** Clause bitsets already computed in one multi-search: its queries share most of their filter. */
export type ClauseCache = Map<string, Bitset>;

/** Runs one query against an index that kept its vehicles (tests, fakes), answering in Meilisearch's shape. */
export function runQuery(index: TenantIndex, query: SearchQuery): SearchResult {
  const { records } = index;
  if (!records) throw new Error("runQuery needs an index that kept its vehicles; use rankQuery and read the hits by id");
  const { hitDocs, ...rest } = rankQuery(index, query);
  return { ...rest, hits: hitDocs.map((doc) => records[doc]) };
}

/** Runs one query of a multi-search against a tenant's index; hits are document numbers. */
export function rankQuery(index: TenantIndex, query: SearchQuery, clauses: ClauseCache = new Map()): RankedResult {
  const started = performance.now();
  const limit = pagingNumber(query.limit, defaultLimit, "limit");
  const offset = pagingNumber(query.offset, defaultOffset, "offset");
  const sortKeys = parseSort(index, query.sort ?? []);
  const facetColumns = (query.facets ?? [])
    .flatMap((name) => (name === "*" ? [...filterableAttributes] : [name]))
    .map((name) => filterColumn(index, name, "facets"));

  let bits = filterBits(index, query.filter ?? [], clauses);
  const text = index.text.match(query.q ?? "");
  if (text) {
    if (bits) andInto(bits, text.bits);
    else bits = text.bits;
  }
  const docs = bits ? docsOf(bits) : index.allDocs;

  const wanted = offset + limit;
  const page =
    text || sortKeys.length > 1 ? topDocs(docs, wanted, ranking(index, sortKeys, text)) : walkPermutation(index, bits, sortKeys[0], wanted);

  const result: RankedResult = {
    indexUid: query.indexUid,
    hitDocs: page.slice(offset, wanted),
    query: query.q ?? "",
    processingTimeMs: 0,
    limit,
    offset,
    estimatedTotalHits: docs.length,
  };
  if (facetColumns.length > 0) {
    const facetDistribution: FacetDistribution = {};
    const facetStats: FacetStats = {};
    for (const column of facetColumns) {
      facetDistribution[column.attribute] = column.distribution(docs);
      const stats = column.stats(docs);
      if (stats) facetStats[column.attribute] = stats;
    }
    result.facetDistribution = facetDistribution;
    result.facetStats = facetStats;
  }
  result.processingTimeMs = Math.round(performance.now() - started);
  return result;
}

/** Without text or a second sort key, the pre-sorted permutation already holds the final order. */
function walkPermutation(index: TenantIndex, filter: Bitset | null, key: SortKey | undefined, wanted: number): number[] {
  const permutation = key ? key.column.permutation(key.order) : index.rankingOrder;
  const page: number[] = [];
  for (let i = 0; i < permutation.length && page.length < wanted; i++) {
    if (!filter || has(filter, permutation[i])) page.push(permutation[i]);
  }
  return page;
}

/** Ranking rules: words (all required), typo, attribute, sort, exactness, custom_rank:desc, then document order. */
function ranking(index: TenantIndex, sortKeys: SortKey[], text: TextMatch | null): (a: number, b: number) => number {
  const { rankingPosition } = index;
  return (a, b) => {
    if (text) {
      const byText = text.typos[a] - text.typos[b] || text.attribute[a] - text.attribute[b];
      if (byText) return byText;
    }
    for (const key of sortKeys) {
      const bySort = compareRanks(key.column.ranks[a], key.column.ranks[b], key.direction);
      if (bySort) return bySort;
    }
    return (text ? text.exact[b] - text.exact[a] : 0) || rankingPosition[a] - rankingPosition[b];
  };
}

/**
 * The first `wanted` documents in ranking order. A page is a few dozen of thousands of matches:
 * a bounded heap keeps the best ones instead of sorting them all.
 */
function topDocs(docs: Int32Array, wanted: number, compare: (a: number, b: number) => number): number[] {
  if (wanted === 0) return [];
  if (wanted * 8 >= docs.length) return Array.from(docs).sort(compare).slice(0, wanted);
  // A max-heap: the root is the worst document kept.
  const heap: number[] = [];
  const worse = (i: number, j: number) => compare(heap[i], heap[j]) > 0;
  const swap = (i: number, j: number) => ([heap[i], heap[j]] = [heap[j], heap[i]]);
  for (let i = 0; i < docs.length; i++) {
    const doc = docs[i];
    if (heap.length < wanted) {
      heap.push(doc);
      for (let child = heap.length - 1; child > 0;) {
        const parent = (child - 1) >>> 1;
        if (!worse(child, parent)) break;
        swap(child, parent);
        child = parent;
      }
    } else if (compare(doc, heap[0]) < 0) {
      heap[0] = doc;
      for (let parent = 0; ;) {
        const left = parent * 2 + 1;
        const right = left + 1;
        let largest = parent;
        if (left < heap.length && worse(left, largest)) largest = left;
        if (right < heap.length && worse(right, largest)) largest = right;
        if (largest === parent) break;
        swap(parent, largest);
        parent = largest;
      }
    }
  }
  return heap.sort(compare);
}

/** Outer array ANDed, inner arrays ORed; null when there is nothing to filter. */
function filterBits(index: TenantIndex, filter: Array<string | string[]>, clauses: ClauseCache): Bitset | null {
  let result: Bitset | null = null;
  for (const clause of filter) {
    const expressions = Array.isArray(clause) ? clause : [clause];
    if (expressions.length === 0) continue;
    const key = expressions.join("\u0000");
    let clauseBits = clauses.get(key);
    if (!clauseBits) {
      clauseBits = emptyBitset(index.size);
      for (const expression of expressions) {
        const condition = parseFilterExpression(expression);
        filterColumn(index, condition.attribute, "filter").addMatches(condition, clauseBits);
      }
      clauses.set(key, clauseBits);
    }
    // Cached clauses are shared: the first one is copied before others are ANDed into it.
    if (result) andInto(result, clauseBits);
    else result = clauseBits.slice();
  }
  return result;
}

function filterColumn(index: TenantIndex, attribute: string, parameter: "filter" | "facets"): FacetColumn {
  const column = index.facets.get(attribute);
  if (!column) {
    throw new InvalidSearchQueryError(
      `Invalid ${parameter}: attribute \`${attribute}\` is not filterable. Filterable attributes are: ${filterableAttributes.join(", ")}`,
    );
  }
  return column;
}

function parseSort(index: TenantIndex, sort: string[]): SortKey[] {
  return sort.map((entry): SortKey => {
    const match = /^([A-Za-z_][A-Za-z0-9_.]*):(asc|desc)$/.exec(entry.trim());
    if (!match) throw new InvalidSearchQueryError(`Invalid sort \`${entry}\`: expected \`attribute:asc\` or \`attribute:desc\``);
    const [, attribute, order] = match;
    const column = index.sorts.get(attribute);
    if (!column) {
      throw new InvalidSearchQueryError(
        `Invalid sort: attribute \`${attribute}\` is not sortable. Sortable attributes are: ${sortableAttributes.join(", ")}`,
      );
    }
    return order === "asc" ? { column, direction: 1, order } : { column, direction: -1, order: "desc" };
  });
}

function pagingNumber(value: number | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < 0)
    throw new InvalidSearchQueryError(`Invalid ${name} \`${value}\`: expected a non-negative integer`);
  return value;
}
