import { performance } from "node:perf_hooks";
import type { FacetDistribution, FacetStats, SearchQuery, SearchResult } from "../types";
import { filterableAttributes, sortableAttributes } from "../meilisearch/settings";
import { andInto, docsOf, emptyBitset, has, type Bitset } from "./bitset";
import type { FacetColumn } from "./facet-column";
import { parseFilterExpression } from "./filter-parser";
import { InvalidSearchQueryError } from "./invalid-query";
import { compareValues, type SortColumn } from "./sort-column";
import type { TenantIndex } from "./tenant-index";
import type { TextMatch } from "./text-index";

// Meilisearch's defaults when a query leaves them out.
const defaultLimit = 20;
const defaultOffset = 0;

type SortKey = { column: SortColumn; direction: 1 | -1; order: "asc" | "desc" };

/** Runs one query of a multi-search against a tenant's index, answering in Meilisearch's shape. */
export function runQuery(index: TenantIndex, query: SearchQuery): SearchResult {
  const started = performance.now();
  const limit = pagingNumber(query.limit, defaultLimit, "limit");
  const offset = pagingNumber(query.offset, defaultOffset, "offset");
  const sortKeys = parseSort(index, query.sort ?? []);
  const facetColumns = (query.facets ?? [])
    .flatMap((name) => (name === "*" ? [...filterableAttributes] : [name]))
    .map((name) => filterColumn(index, name, "facets"));

  let bits = filterBits(index, query.filter ?? []);
  const text = index.text.match(query.q ?? "");
  if (text) {
    if (bits) andInto(bits, text.bits);
    else bits = text.bits;
  }
  const docs = bits ? docsOf(bits) : index.allDocs;

  const page = text || sortKeys.length > 1 ? rankAll(index, docs, sortKeys, text) : walkPermutation(index, bits, sortKeys[0]);
  const hits = page.slice(offset, offset + limit).map((doc) => index.vehicles[doc]);

  const result: SearchResult = {
    indexUid: query.indexUid,
    hits,
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

  /** Without text or a second sort key, the pre-sorted permutation already holds the final order. */
  function walkPermutation(target: TenantIndex, filter: Bitset | null, key: SortKey | undefined): number[] {
    const permutation = key ? key.column.permutation(key.order) : target.rankingOrder;
    const wanted = offset + limit;
    const page: number[] = [];
    for (let i = 0; i < permutation.length && page.length < wanted; i++) {
      if (!filter || has(filter, permutation[i])) page.push(permutation[i]);
    }
    return page;
  }
}

/** Ranking rules: words (all required), typo, attribute, sort, exactness, custom_rank:desc, then document order. */
function rankAll(index: TenantIndex, docs: Int32Array, sortKeys: SortKey[], text: TextMatch | null): number[] {
  const { customRank } = index;
  return Array.from(docs).sort((a, b) => {
    if (text) {
      const byText = text.typos[a] - text.typos[b] || text.attribute[a] - text.attribute[b];
      if (byText) return byText;
    }
    for (const key of sortKeys) {
      const bySort = compareValues(key.column.values[a], key.column.values[b], key.direction);
      if (bySort) return bySort;
    }
    return (text ? text.exact[b] - text.exact[a] : 0) || customRank[b] - customRank[a] || a - b;
  });
}

/** Outer array ANDed, inner arrays ORed; null when there is nothing to filter. */
function filterBits(index: TenantIndex, filter: Array<string | string[]>): Bitset | null {
  let result: Bitset | null = null;
  for (const clause of filter) {
    const expressions = Array.isArray(clause) ? clause : [clause];
    if (expressions.length === 0) continue;
    const clauseBits = emptyBitset(index.size);
    for (const expression of expressions) {
      const condition = parseFilterExpression(expression);
      filterColumn(index, condition.attribute, "filter").addMatches(condition, clauseBits);
    }
    if (result) andInto(result, clauseBits);
    else result = clauseBits;
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
