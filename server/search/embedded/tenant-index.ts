import type { Vehicle } from "~/server/stock/vehicle";
import { filterableAttributes, sortableAttributes } from "../meilisearch/settings";
import { FacetColumnBuilder, type FacetColumn } from "./facet-column";
import { GrowableFloat64 } from "./growable";
import { bucketSort, SortColumn, valueRanks } from "./sort-column";
import { runSteps } from "./steps";
import { TextIndexBuilder, type TextIndex } from "./text-index";

/** Stock for an index: all of it, or pages of it (read from the database a page at a time). */
export type StockPages = readonly Vehicle[] | Iterable<readonly Vehicle[]> | AsyncIterable<readonly Vehicle[]>;

export type IndexOptions = {
  /**
   * Keep the vehicles themselves for hits (tests, fakes, stock files). Without them the index
   * holds only columns, and hits are read by id from the database (issue 10 §7).
   */
  keepRecords?: boolean;
};

// Documents indexed between two yields of a background build: a few ms of work (5,000 held the loop 50–130 ms).
const DOCS_PER_STEP = 500;

/**
 * Everything the embedded engine knows about one tenant's stock, built once and then read-only:
 * columns for filtering, facets and sorting, the text index, and each document's vehicle id.
 */
export class TenantIndex {
  private bySlug: Map<string, Vehicle> | null = null;

  constructor(
    readonly size: number,
    readonly facets: ReadonlyMap<string, FacetColumn>,
    readonly sorts: ReadonlyMap<string, SortColumn>,
    readonly text: TextIndex,
    /** Vehicle id of each document: what hits are read by. */
    readonly ids: Float64Array,
    /** All documents, ascending, and in ranking order (custom_rank desc, then document order). */
    readonly allDocs: Int32Array,
    readonly rankingOrder: Int32Array,
    /** Each document's position in rankingOrder: the last tie-break of every ranking. */
    readonly rankingPosition: Int32Array,
    /** The vehicles by document, when kept (IndexOptions.keepRecords). */
    readonly records: readonly Vehicle[] | null,
  ) {}

  static build(vehicles: readonly Vehicle[], options: IndexOptions = {}): TenantIndex {
    const builder = new TenantIndexBuilder(options);
    for (const vehicle of vehicles) builder.add(vehicle);
    return runSteps(builder.finish());
  }

  /**
   * The same index, built a few thousand documents or one column at a time with the event loop
   * free in between: a tenant's new stock is indexed while searches (its own, on the previous
   * index, and every other tenant's) keep being answered (issue 10 §5).
   */
  static async buildInBackground(stock: StockPages, options: IndexOptions = {}): Promise<TenantIndex> {
    const builder = new TenantIndexBuilder(options);
    const pause = () => new Promise<void>((resolve) => setImmediate(resolve));
    let sincePause = 0;
    const addPage = async (page: readonly Vehicle[]) => {
      for (const vehicle of page) {
        builder.add(vehicle);
        if (++sincePause === DOCS_PER_STEP) {
          sincePause = 0;
          await pause();
        }
      }
    };
    if (isPageList(stock)) {
      for await (const page of stock) await addPage(page);
    } else {
      await addPage(stock);
    }
    const steps = builder.finish();
    for (;;) {
      const step = steps.next();
      if (step.done) return step.value;
      await pause();
    }
  }

  /** The kept vehicle with this slug (IndexOptions.keepRecords), or null. */
  getVehicle(slug: string): Vehicle | null {
    if (!this.records) return null;
    this.bySlug ??= new Map(this.records.map((vehicle) => [vehicle.slug, vehicle]));
    return this.bySlug.get(slug) ?? null;
  }
}

function isPageList(stock: StockPages): stock is Iterable<readonly Vehicle[]> | AsyncIterable<readonly Vehicle[]> {
  if (Symbol.asyncIterator in stock) return true;
  return !Array.isArray(stock);
}

/** Collects vehicles one at a time; only columns are kept, so a page of vehicles can be dropped once added. */
export class TenantIndexBuilder {
  private readonly facets = filterableAttributes.map((attribute) => new FacetColumnBuilder(attribute));
  private readonly sortValues = sortableAttributes.map(() => new GrowableFloat64());
  private readonly customRank = new GrowableFloat64();
  private readonly ids = new GrowableFloat64();
  private readonly text = new TextIndexBuilder();
  private readonly records: Vehicle[] | null;

  constructor(options: IndexOptions = {}) {
    this.records = options.keepRecords === false ? null : [];
  }

  add(vehicle: Vehicle): void {
    filterableAttributes.forEach((attribute, i) => this.facets[i].add(vehicle[attribute]));
    sortableAttributes.forEach((attribute, i) => this.sortValues[i].push(numberOrNaN(vehicle[attribute])));
    this.customRank.push(numberOrNaN(vehicle.custom_rank));
    this.ids.push(vehicle.id);
    this.text.add(vehicle);
    this.records?.push(vehicle);
  }

  /** The build's remaining work as steps (one column each), so a caller can pause between them. */
  *finish(): Generator<void, TenantIndex> {
    const ids = this.ids.toArray();
    const size = ids.length;
    const allDocs = Int32Array.from(ids.keys());
    // custom_rank desc, then document order: a stable bucket sort of the documents by rank.
    const { ranks, distinct } = valueRanks(this.customRank.toArray());
    const rankingOrder = bucketSort(ranks, distinct, allDocs, -1);
    const rankingPosition = new Int32Array(size);
    rankingOrder.forEach((doc, position) => (rankingPosition[doc] = position));
    yield;
    const facets = new Map<string, FacetColumn>();
    for (const builder of this.facets) {
      facets.set(builder.attribute, yield* builder.finish());
      yield;
    }
    const sorts = new Map<string, SortColumn>();
    for (const [i, attribute] of sortableAttributes.entries()) {
      sorts.set(attribute, SortColumn.build(this.sortValues[i].toArray(), rankingOrder));
      yield;
    }
    const text = yield* this.text.finish();
    return new TenantIndex(size, facets, sorts, text, ids, allDocs, rankingOrder, rankingPosition, this.records);
  }
}

function numberOrNaN(raw: unknown): number {
  return typeof raw === "number" && Number.isFinite(raw) ? raw : Number.NaN;
}
