import type { Vehicle } from "~/server/stock/vehicle";
import { filterableAttributes, sortableAttributes } from "../meilisearch/settings";
import { FacetColumn } from "./facet-column";
import { SortColumn } from "./sort-column";
import { TextIndex } from "./text-index";

/** Everything the embedded engine knows about one tenant's stock, built once and then read-only. */
export class TenantIndex {
  readonly size: number;
  readonly facets: ReadonlyMap<string, FacetColumn>;
  readonly sorts: ReadonlyMap<string, SortColumn>;
  readonly text: TextIndex;
  /** custom_rank per document: the last ranking rule (custom_rank:desc) before document order. */
  readonly customRank: Float64Array;
  /** All documents, ascending, and in ranking order (custom_rank desc, then document order). */
  readonly allDocs: Int32Array;
  readonly rankingOrder: Int32Array;
  private readonly bySlug: ReadonlyMap<string, Vehicle>;

  private constructor(
    readonly vehicles: readonly Vehicle[],
    parts: { facets: ReadonlyMap<string, FacetColumn>; sorts: ReadonlyMap<string, SortColumn>; text: TextIndex; customRank: Float64Array },
    allDocs: Int32Array,
    rankingOrder: Int32Array,
  ) {
    this.size = vehicles.length;
    this.bySlug = new Map(vehicles.map((vehicle) => [vehicle.slug, vehicle]));
    this.facets = parts.facets;
    this.sorts = parts.sorts;
    this.text = parts.text;
    this.customRank = parts.customRank;
    this.allDocs = allDocs;
    this.rankingOrder = rankingOrder;
  }

  /** The build as steps (one column each); `pause` runs between them. */
  private static *steps(vehicles: readonly Vehicle[]): Generator<void, TenantIndex> {
    const customRank = Float64Array.from(vehicles, (vehicle) => vehicle.custom_rank);
    const tieBreak = (a: number, b: number) => customRank[b] - customRank[a] || a - b;
    const facets = new Map<string, FacetColumn>();
    for (const attribute of filterableAttributes) {
      facets.set(
        attribute,
        FacetColumn.build(
          attribute,
          vehicles.map((vehicle) => vehicle[attribute]),
          vehicles.length,
        ),
      );
      yield;
    }
    const allDocs = Int32Array.from(vehicles.keys());
    const rankingOrder = allDocs.slice().sort(tieBreak);
    yield;
    const sorts = new Map<string, SortColumn>();
    for (const attribute of sortableAttributes) {
      sorts.set(
        attribute,
        SortColumn.build(
          vehicles.map((vehicle) => vehicle[attribute]),
          tieBreak,
        ),
      );
      yield;
    }
    const text = yield* TextIndex.steps(vehicles);
    return new TenantIndex(vehicles, { facets, sorts, text, customRank }, allDocs, rankingOrder);
  }

  static build(vehicles: readonly Vehicle[]): TenantIndex {
    const steps = TenantIndex.steps(vehicles);
    for (;;) {
      const step = steps.next();
      if (step.done) return step.value;
    }
  }

  /**
   * The same index, built a column at a time with the event loop free between columns: a tenant's
   * new stock is indexed while searches (its own, on the previous index, and every other tenant's)
   * keep being answered (issue 10 §5).
   */
  static async buildInBackground(vehicles: readonly Vehicle[]): Promise<TenantIndex> {
    const steps = TenantIndex.steps(vehicles);
    for (;;) {
      const step = steps.next();
      if (step.done) return step.value;
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
  }

  getVehicle(slug: string): Vehicle | null {
    return this.bySlug.get(slug) ?? null;
  }
}
