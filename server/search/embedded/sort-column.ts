/**
 * A sortable attribute: its value per document (NaN for null) and the documents pre-sorted both
 * ways, nulls last either way (as Meilisearch), ties broken by the index's ranking (custom_rank
 * desc, then document order) so one walk of a permutation gives the final order.
 */
export class SortColumn {
  private constructor(
    readonly values: Float64Array,
    readonly ascending: Int32Array,
    readonly descending: Int32Array,
  ) {}

  static build(rawValues: readonly unknown[], tieBreak: (a: number, b: number) => number): SortColumn {
    const values = Float64Array.from(rawValues, (raw) => (typeof raw === "number" && Number.isFinite(raw) ? raw : Number.NaN));
    const docs = Int32Array.from(values.keys());
    const ordered = (direction: 1 | -1) => docs.slice().sort((a, b) => compareValues(values[a], values[b], direction) || tieBreak(a, b));
    return new SortColumn(values, ordered(1), ordered(-1));
  }

  permutation(direction: "asc" | "desc"): Int32Array {
    return direction === "asc" ? this.ascending : this.descending;
  }
}

/** Nulls (NaN) last whatever the direction. */
export function compareValues(a: number, b: number, direction: 1 | -1): number {
  const aNull = Number.isNaN(a);
  const bNull = Number.isNaN(b);
  if (aNull || bNull) return aNull === bNull ? 0 : aNull ? 1 : -1;
  return a === b ? 0 : a < b ? -direction : direction;
}
