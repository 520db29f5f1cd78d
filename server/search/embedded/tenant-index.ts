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

  private constructor(readonly vehicles: readonly Vehicle[]) {
    this.size = vehicles.length;
    this.bySlug = new Map(vehicles.map((vehicle) => [vehicle.slug, vehicle]));
    this.facets = new Map(
      filterableAttributes.map((attribute) => [
        attribute,
        FacetColumn.build(
          attribute,
          vehicles.map((vehicle) => vehicle[attribute]),
          vehicles.length,
        ),
      ]),
    );
    const customRank = Float64Array.from(vehicles, (vehicle) => vehicle.custom_rank);
    this.customRank = customRank;
    const tieBreak = (a: number, b: number) => customRank[b] - customRank[a] || a - b;
    this.allDocs = Int32Array.from(vehicles.keys());
    this.rankingOrder = this.allDocs.slice().sort(tieBreak);
    this.sorts = new Map(
      sortableAttributes.map((attribute) => [
        attribute,
        SortColumn.build(
          vehicles.map((vehicle) => vehicle[attribute]),
          tieBreak,
        ),
      ]),
    );
    this.text = TextIndex.build(vehicles);
  }

  static build(vehicles: readonly Vehicle[]): TenantIndex {
    return new TenantIndex(vehicles);
  }

  getVehicle(slug: string): Vehicle | null {
    return this.bySlug.get(slug) ?? null;
  }
}
