import type { Vehicle } from "~/server/stock/vehicle";
import { filterableAttributes, sortableAttributes } from "~/server/search/meilisearch/settings";
import { FacetColumnBuilder, type FacetColumn } from "./facet-column";
import { GrowableFloat64 } from "./growable";
import { bucketSort, SortColumn, valueRanks } from "./sort-column";
import { runSteps } from "./steps";
import { searchValuesInto, valuePosition, type SearchValues } from "~/server/search/search-values";
import { TextIndexBuilder, type TextIndex } from "./text-index";

/**
 * What an index is built from: whole vehicles, or only their indexed values (what the database
 * keeps for builds; hits are then read by id).
 */
export type IndexInput = Vehicle | SearchValues;

/** Stock for an index: all of it, or pages of it (read from the database a page at a time). */
export type StockPages = readonly IndexInput[] | Iterable<readonly IndexInput[]> | AsyncIterable<readonly IndexInput[]>;

export type IndexOptions = {
  /**
   * Keep the vehicles themselves for hits (tests, fakes, stock files). Without them the index
   * holds only columns, and hits are read by id from the database.
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
    readonly facets: FacetColumns,
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

  static build(vehicles: readonly IndexInput[], options: IndexOptions = {}): TenantIndex {
    const builder = new TenantIndexBuilder(options, vehicles.length);
    for (const vehicle of vehicles) builder.add(vehicle);
    return runSteps(builder.finish());
  }

  /**
   * The same index, built a few thousand documents or one column at a time with the event loop
   * free in between: a tenant's new stock is indexed while searches (its own, on the previous
   * index, and every other tenant's) keep being answered.
   */
  static async buildInBackground(stock: StockPages, options: IndexOptions = {}): Promise<TenantIndex> {
    const builder = new TenantIndexBuilder(options, isPageList(stock) ? undefined : stock.length);
    const pause = () => new Promise<void>((resolve) => setImmediate(resolve));
    let sincePause = 0;
    const addPage = async (page: readonly IndexInput[]) => {
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

function isPageList(stock: StockPages): stock is Iterable<readonly IndexInput[]> | AsyncIterable<readonly IndexInput[]> {
  if (Symbol.asyncIterator in stock) return true;
  return !Array.isArray(stock);
}

/**
 * Attributes with one value per vehicle, filtered one vehicle at a time (an enquiry's car by id, a
 * vehicle by slug: the server reads those from the database) and never on a results page. Laid out
 * on first use rather than in every build: they were about a fifth of a 200,000-vehicle build.
 */
const laidOutOnFirstUse: ReadonlySet<string> = new Set(["slug", "id"]);

/** The filterable columns by attribute: built with the index, or laid out (once) when first asked for. */
export class FacetColumns {
  constructor(
    private readonly built: Map<string, FacetColumn>,
    private readonly deferred: Map<string, () => FacetColumn>,
  ) {}

  get(attribute: string): FacetColumn | undefined {
    const built = this.built.get(attribute);
    if (built) return built;
    const layOut = this.deferred.get(attribute);
    if (!layOut) return undefined;
    const column = layOut();
    this.built.set(attribute, column);
    this.deferred.delete(attribute);
    return column;
  }
}

/** Collects vehicles one at a time; only columns are kept, so a page of vehicles can be dropped once added. */
export class TenantIndexBuilder {
  private readonly facets: FacetColumnBuilder[];
  /** The values of the attributes laid out on first use, as they came. */
  private readonly deferredValues: unknown[][] = deferredAttributes.map(() => []);
  /** Raw values of the sortable attributes that are not facets (rawSortAttributes). */
  private readonly sortValues: GrowableFloat64[];
  private readonly customRank: GrowableFloat64;
  private readonly ids: GrowableFloat64;
  private readonly text: TextIndexBuilder;
  private readonly records: Vehicle[] | null;
  private readonly scratchValues: unknown[] = [];

  /** `expectedSize`: the number of vehicles, when known, so every column is allocated once. */
  constructor(options: IndexOptions = {}, expectedSize?: number) {
    const capacity = expectedSize ?? 1024;
    this.facets = builtAttributes.map((attribute) => new FacetColumnBuilder(attribute, capacity));
    this.sortValues = rawSortAttributes.map(() => new GrowableFloat64(capacity));
    this.customRank = new GrowableFloat64(capacity);
    this.ids = new GrowableFloat64(capacity);
    this.text = new TextIndexBuilder(capacity);
    this.records = options.keepRecords === false ? null : [];
  }

  add(input: IndexInput): void {
    if (isSearchValues(input)) {
      if (this.records) throw new Error("an index that keeps its vehicles is built from whole vehicles");
      this.addValues(input);
      return;
    }
    // The builders keep values, never the array: one array serves every vehicle.
    this.addValues(searchValuesInto(input, this.scratchValues));
    this.records?.push(input);
  }

  private addValues(values: SearchValues): void {
    for (let i = 0; i < this.facets.length; i++) this.facets[i].add(values[facetPositions[i]]);
    for (let i = 0; i < this.deferredValues.length; i++) this.deferredValues[i].push(values[deferredPositions[i]]);
    for (let i = 0; i < this.sortValues.length; i++) this.sortValues[i].push(numberOrNaN(values[rawSortPositions[i]]));
    this.customRank.push(numberOrNaN(values[customRankPosition]));
    this.ids.push(values[idPosition] as number);
    this.text.add(values);
  }

  /** The build's remaining work as steps (one column each), so a caller can pause between them. */
  *finish(): Generator<void, TenantIndex> {
    const ids = this.ids.toArray();
    const size = ids.length;
    const allDocs = Int32Array.from(ids.keys());
    // custom_rank desc, then document order: a stable bucket sort of the documents by rank.
    const customRanks = valueRanks(this.customRank.view());
    const rankingOrder = bucketSort(customRanks.ranks, customRanks.distinct, allDocs, -1);
    const rankingPosition = new Int32Array(size);
    rankingOrder.forEach((doc, position) => (rankingPosition[doc] = position));
    yield;
    const built = new Map<string, FacetColumn>();
    for (const builder of this.facets) {
      built.set(builder.attribute, yield* builder.finish());
      yield;
    }
    const deferred = new Map<string, () => FacetColumn>();
    deferredAttributes.forEach((attribute, i) => deferred.set(attribute, layOutLater(attribute, this.deferredValues[i])));
    const facets = new FacetColumns(built, deferred);
    const sorts = new Map<string, SortColumn>();
    for (const attribute of sortableAttributes) {
      // price, km and year are facets too: their columns already ranked the numbers; custom_rank was ranked above.
      const raw = rawSortAttributes.indexOf(attribute);
      const { ranks, distinct } =
        attribute === "custom_rank"
          ? customRanks
          : raw === -1
            ? (built.get(attribute)?.numericRanks() ?? noValues(size))
            : valueRanks(this.sortValues[raw].view());
      sorts.set(attribute, SortColumn.fromRanks(ranks, distinct, rankingOrder));
      yield;
    }
    const text = yield* this.text.finish();
    return new TenantIndex(size, facets, sorts, text, ids, allDocs, rankingOrder, rankingPosition, this.records);
  }
}

/**
 * A column to lay out when first asked for. Made outside the builder so the closure holds only the
 * values: one made inside finish() kept the whole builder (every column's scratch arrays, ~0.5 KB a
 * vehicle) alive with the index.
 */
function layOutLater(attribute: string, values: readonly unknown[]): () => FacetColumn {
  return () => {
    const builder = new FacetColumnBuilder(attribute, values.length);
    for (const value of values) builder.add(value);
    return runSteps(builder.finish());
  };
}

// Positions in SearchValues, looked up once: a build reads ~40 values from each of 200,000 vehicles.
const builtAttributes = filterableAttributes.filter((attribute) => !laidOutOnFirstUse.has(attribute));
const deferredAttributes = filterableAttributes.filter((attribute) => laidOutOnFirstUse.has(attribute));
const facetPositions = builtAttributes.map(valuePosition);
const deferredPositions = deferredAttributes.map(valuePosition);
/** Sortable attributes whose raw numbers a build keeps: the others are facets (ranked there) or custom_rank. */
const rawSortAttributes = sortableAttributes.filter(
  (attribute) => attribute !== "custom_rank" && !(builtAttributes as readonly string[]).includes(attribute),
);
const rawSortPositions = rawSortAttributes.map(valuePosition);
const customRankPosition = valuePosition("custom_rank");
const idPosition = valuePosition("id");

function isSearchValues(input: IndexInput): input is SearchValues {
  return Array.isArray(input);
}

/** Ranks for a column with no value anywhere. */
function noValues(size: number): { ranks: Int32Array; distinct: number } {
  return { ranks: new Int32Array(size).fill(-1), distinct: 0 };
}

function numberOrNaN(raw: unknown): number {
  return typeof raw === "number" && Number.isFinite(raw) ? raw : Number.NaN;
}
