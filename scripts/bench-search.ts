/**
 * Search benchmark: the embedded engine against @orama/orama on the same generated stock.
 *   npm run bench [-- --count 50000 --iterations 200 --orama-iterations 15 --skip-orama]
 * Measures index build time, heap after build (after a forced GC) and a full results page:
 * the main query (3 refined facets, a price range, price:desc, page 3, every facet with stats)
 * plus its disjunctive count queries, exactly as the query builder sends them.
 */
import { spawnSync } from "node:child_process";
import os from "node:os";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { create, insertMultiple, search, type AnyOrama } from "@orama/orama";
import { createEmbeddedBackend } from "../server/search/embedded/backend";
import { TenantIndex } from "../server/search/embedded/tenant-index";
import { buildSearchQueries } from "../server/search/queries";
import type { SearchState } from "../server/search/state";
import type { Vehicle } from "../server/stock/vehicle";
import { loadTenants } from "../server/tenants/load";
import { generateStock } from "./lib/demo-stock";

// Heap figures need a forced GC: re-run under --expose-gc when started without it (npm run bench uses tsx).
const gc = globalThis.gc;
if (!gc) {
  const child = spawnSync(process.execPath, ["--expose-gc", "--import", "tsx", ...process.argv.slice(1)], { stdio: "inherit" });
  process.exit(child.status ?? 1);
}

const targets = { p50Ms: 10, speedup: 10, buildMs: 3_000, heapMb: 250 };
const benchNow = Date.UTC(2025, 0, 1);

const { values } = parseArgs({
  options: {
    count: { type: "string", default: "50000" },
    iterations: { type: "string", default: "200" },
    "orama-iterations": { type: "string", default: "15" },
    "skip-orama": { type: "boolean", default: false },
  },
});
const count = Number(values.count);
const iterations = Number(values.iterations);
const oramaIterations = Number(values["orama-iterations"]);

const print = (line = "") => process.stdout.write(`${line}\n`);
const mb = (bytes: number) => bytes / 1024 / 1024;
/** JS heap plus ArrayBuffers: the index's typed arrays live outside heapUsed. */
const heapMb = () => {
  gc?.();
  const usage = process.memoryUsage();
  return { heap: mb(usage.heapUsed), total: mb(usage.heapUsed + usage.arrayBuffers) };
};

type Timing = { p50: number; p95: number; mean: number; runs: number };
async function time(runs: number, warmup: number, work: () => unknown): Promise<Timing> {
  for (let i = 0; i < warmup; i++) await work();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await work();
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  const at = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))];
  return { p50: at(0.5), p95: at(0.95), mean: samples.reduce((a, b) => a + b, 0) / samples.length, runs };
}

async function main(): Promise<void> {
  const tenant = loadTenants().find((candidate) => candidate.slug === "harbourside");
  if (!tenant) throw new Error("tenants/harbourside is needed for the benchmark stock");
  print(
    `machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? "?"}, ${Math.round(mb(os.totalmem()))} MB RAM, node ${process.version}, ${os.platform()} ${os.arch()}`,
  );

  let started = performance.now();
  const vehicles = generateStock(tenant, { now: benchNow, count });
  print(`stock: ${vehicles.length} vehicles generated in ${Math.round(performance.now() - started)} ms`);

  const heapBefore = heapMb();
  started = performance.now();
  const index = TenantIndex.build(vehicles);
  const buildMs = performance.now() - started;
  const heapAfter = heapMb();
  const backend = createEmbeddedBackend(() => vehicles);
  await backend.setStock(tenant.slug, vehicles);
  // keep `index` reachable until the heap has been measured
  if (index.size !== vehicles.length) throw new Error("index size mismatch");

  const state: SearchState = {
    path: "/search/used-cars",
    listingPath: "/search/new-used-and-demo-cars",
    carTypes: ["used"],
    preset: null,
    refinements: { make: ["Toyota", "Mazda"], body: ["suv"] },
    ranges: { price: { min: 10_000, max: 60_000 } },
    sort: "price:desc",
    page: 3,
    q: "",
  };
  const queries = buildSearchQueries(state, tenant, benchNow);
  const textQueries = buildSearchQueries(
    { ...state, refinements: {}, ranges: {}, carTypes: [], sort: null, page: 1, q: "toyota corola" },
    tenant,
    benchNow,
  );
  const [sample] = await backend.multiSearch(tenant, queries);
  print(
    `full page: ${queries.length} queries (main + ${queries.length - 1} counts), ${queries[0].facets?.length ?? 0} facets; main query: ${sample.estimatedTotalHits} hits, offset ${sample.offset}`,
  );

  const embeddedPage = await time(iterations, 20, () => backend.multiSearch(tenant, queries));
  const embeddedText = await time(iterations, 20, () => backend.multiSearch(tenant, textQueries));
  const rows: Array<[string, string, string, string, string]> = [
    ["embedded", "full results page", embeddedPage.p50.toFixed(2), embeddedPage.p95.toFixed(2), String(embeddedPage.runs)],
    ["embedded", "text page (q, typo)", embeddedText.p50.toFixed(2), embeddedText.p95.toFixed(2), String(embeddedText.runs)],
  ];

  let oramaPage: Timing | null = null;
  let oramaInsertMs = 0;
  if (!values["skip-orama"]) {
    started = performance.now();
    const db = await oramaIndex(vehicles);
    oramaInsertMs = performance.now() - started;
    const params = oramaPageSearches(state);
    oramaPage = await time(oramaIterations, 2, () => Promise.all(params.map((param) => search(db, param))));
    rows.push(["orama", "full results page", oramaPage.p50.toFixed(2), oramaPage.p95.toFixed(2), String(oramaPage.runs)]);
  }

  print();
  print("| engine | work | p50 ms | p95 ms | runs |");
  print("|---|---|---:|---:|---:|");
  for (const row of rows) print(`| ${row.join(" | ")} |`);
  print();
  print(
    `embedded build: ${Math.round(buildMs)} ms; after build heapUsed ${heapAfter.heap.toFixed(0)} MB, heapUsed + ArrayBuffers ${heapAfter.total.toFixed(0)} MB ` +
      `(index ${(heapAfter.total - heapBefore.total).toFixed(0)} MB, stock objects ${heapBefore.total.toFixed(0)} MB)`,
  );
  if (oramaPage)
    print(`orama insert: ${Math.round(oramaInsertMs)} ms; orama p50 / embedded p50 = ${(oramaPage.p50 / embeddedPage.p50).toFixed(1)}×`);
  print();
  const check = (label: string, ok: boolean) => print(`${ok ? "PASS" : "FAIL"} ${label}`);
  check(`p50 ≤ ${targets.p50Ms} ms`, embeddedPage.p50 <= targets.p50Ms);
  if (oramaPage) check(`≥ ${targets.speedup}× faster than Orama`, oramaPage.p50 / embeddedPage.p50 >= targets.speedup);
  check(`build ≤ ${targets.buildMs} ms`, buildMs <= targets.buildMs);
  check(`heap (heapUsed + ArrayBuffers) ≤ ${targets.heapMb} MB`, heapAfter.total <= targets.heapMb);
}

const enumFacets = [
  "status",
  "badge",
  "car_type",
  "city",
  "colour",
  "dealership_name",
  "item_type",
  "location_name",
  "make",
  "make_model",
  "model",
  "price_range",
  "body",
  "drive",
  "fuel",
  "transmission",
  "state",
  "tag",
  "weekly_price_range",
  "simple_fuel",
  "simple_body",
  "simple_drive",
  "simple_transmission",
] as const;
const numberFacets = ["km", "price", "subscription_price", "seats", "year", "custom_rank", "sold_date_timestamp"] as const;
const arrayFacets = ["categories", "filtered_features"] as const;

async function oramaIndex(vehicles: Vehicle[]): Promise<AnyOrama> {
  const schema: Record<string, "enum" | "number" | "enum[]" | "boolean" | "string"> = { name: "string", show_on_dealer_website: "boolean" };
  for (const field of enumFacets) schema[field] = "enum";
  for (const field of numberFacets) schema[field] = "number";
  for (const field of arrayFacets) schema[field] = "enum[]";
  const db = create({ schema });
  // Orama rejects null for typed fields, so absent values are left out.
  const docs = vehicles.map((vehicle) => {
    const doc: Record<string, unknown> = { id: String(vehicle.id) };
    for (const field of Object.keys(schema)) {
      const value = vehicle[field as keyof Vehicle];
      if (value !== null && value !== undefined) doc[field] = value;
    }
    return doc;
  });
  await insertMultiple(db, docs, 1_000);
  return db;
}

/** The same page on Orama: main search with where filters, sort, paging and facets, plus the count searches. */
function oramaPageSearches(state: SearchState) {
  const ranges = [0, 10_000, 20_000, 40_000, 80_000, 1e9].slice(1).map((to, i, all) => ({ from: i === 0 ? 0 : all[i - 1], to }));
  const facets: Record<string, object> = {};
  for (const field of [...enumFacets, ...arrayFacets]) facets[field] = { limit: 500 };
  for (const field of numberFacets) facets[field] = { ranges };
  const make = { in: state.refinements.make ?? [] };
  const body = { in: state.refinements.body ?? [] };
  const carType = { in: state.carTypes };
  const price = { between: [state.ranges.price?.min ?? 0, state.ranges.price?.max ?? 1e9] as [number, number] };
  const base = { status: { in: ["in_stock", "coming_soon"] }, show_on_dealer_website: true };
  return [
    {
      term: "",
      where: { ...base, make, body, car_type: carType, price },
      facets,
      sortBy: { property: "price", order: "DESC" as const },
      limit: 21,
      offset: 42,
    },
    { term: "", where: { ...base, make, body, price }, facets: { car_type: { limit: 500 } }, limit: 1 },
    { term: "", where: { ...base, body, car_type: carType, price }, facets: { make: { limit: 500 } }, limit: 1 },
    { term: "", where: { ...base, make, car_type: carType, price }, facets: { body: { limit: 500 } }, limit: 1 },
    { term: "", where: { ...base, make, body, car_type: carType }, facets: { price: { ranges } }, limit: 1 },
  ];
}

main().catch((error: unknown) => {
  process.stderr.write(`bench-search: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
