/**
 * The process's Prometheus metrics (GET /metrics), built once by createServices: a registry of its
 * own (not prom-client's global one), so every test's services and every cluster worker count apart.
 * Recorders are plain functions the code that sees an event calls; the outbox and the database's
 * stock versions are read when scraped.
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import { metricsText } from "./cluster-metrics";
import type { RouteKind } from "./route-kind";
import { statusClass } from "./route-kind";

export type DeliveryOutcome = "delivered" | "retry" | "undeliverable";
export type ImportOutcome = "applied" | "dry_run" | "refused" | "failed";
export type RateLimit = "lead" | "post" | "body-bytes" | "event";
export type PageCacheOutcome = "hit" | "stored";
export type OutboxWaiting = { destination: string; pending: number; oldestCreatedAt: number | null };

/** Read on every scrape; a failure leaves the previous values (the scrape itself still answers). */
export type ScrapeReaders = {
  outboxWaiting(): Promise<OutboxWaiting[]>;
  stockVersions(): Promise<Map<string, number>>;
};

export type Metrics = {
  readonly registry: Registry;
  request(kind: RouteKind, status: number, seconds: number): void;
  search(backend: string, seconds: number): void;
  indexBuilt(tenant: string, seconds: number, stockVersion?: number): void;
  indexStockVersion(tenant: string, version: number): void;
  stockImport(outcome: ImportOutcome): void;
  delivery(destination: string, outcome: DeliveryOutcome): void;
  rateLimitRefusal(limit: RateLimit): void;
  /** A public page the process's page cache answered from memory (hit), or rendered and kept (stored). */
  pageCache(outcome: PageCacheOutcome): void;
  /** Connects the scrape-time readers (the database); set once the database is open. */
  readAtScrape(readers: ScrapeReaders): void;
  /** The text GET /metrics answers: this process's, or in a cluster worker the whole cluster's. */
  text(): Promise<string>;
};

export type MetricsOptions = {
  /** Tenant slugs from the tenant folder: the only values the tenant label takes (bounded). */
  tenants: readonly string[];
  /** Default process metrics (CPU, memory, GC, event-loop lag); tests that build many services turn it off. */
  processMetrics?: boolean;
};

/** Seconds: page renders and searches are tens of milliseconds; anything past 10 s is already a timeout. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const BUILD_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

export function createMetrics(options: MetricsOptions): Metrics {
  const registry = new Registry();
  const known = new Set(options.tenants);
  // An unknown slug (never expected) is folded into one value rather than growing the series.
  const tenantLabel = (tenant: string) => (known.has(tenant) ? tenant : "other");
  if (options.processMetrics !== false) collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });

  const requests = new Counter({
    name: "forecourt_http_requests_total",
    help: "HTTP requests answered, by route kind and status class.",
    labelNames: ["kind", "status"] as const,
    registers: [registry],
  });
  const requestSeconds = new Histogram({
    name: "forecourt_http_request_duration_seconds",
    help: "Time from request to the last byte of the answer, by route kind and status class.",
    labelNames: ["kind", "status"] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const searchSeconds = new Histogram({
    name: "forecourt_search_duration_seconds",
    help: "Search backend calls (one results page with its facets), by backend; cache hits included.",
    labelNames: ["backend"] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const indexBuildSeconds = new Histogram({
    name: "forecourt_search_index_build_seconds",
    help: "Embedded search index builds (at first use and after each stock change), by tenant.",
    labelNames: ["tenant"] as const,
    buckets: BUILD_BUCKETS,
    registers: [registry],
  });
  const indexBuiltAt = new Gauge({
    name: "forecourt_search_index_built_timestamp_seconds",
    help: "When the embedded index now serving this tenant was built (Unix time); its age is time() minus this.",
    labelNames: ["tenant"] as const,
    registers: [registry],
    aggregator: "min",
  });
  const indexVersion = new Gauge({
    name: "forecourt_search_index_stock_version",
    help: "The stock version the search index of this tenant was last rebuilt for.",
    labelNames: ["tenant"] as const,
    registers: [registry],
    aggregator: "min",
  });
  const stockVersion = new Gauge({
    name: "forecourt_stock_version",
    help: "Each tenant's stock version in the database (read when scraped); above the index's version means the index lags.",
    labelNames: ["tenant"] as const,
    registers: [registry],
    aggregator: "max",
    collect: () => readOnce(),
  });
  const imports = new Counter({
    name: "forecourt_stock_imports_total",
    help: "Stock imports in this server (push, scheduled pull) by outcome: applied, dry_run, refused, failed.",
    labelNames: ["outcome"] as const,
    registers: [registry],
  });
  const deliveries = new Counter({
    name: "forecourt_lead_deliveries_total",
    help: "Lead delivery attempts by destination kind and outcome: delivered, retry (will be tried again), undeliverable.",
    labelNames: ["destination", "outcome"] as const,
    registers: [registry],
  });
  const refusals = new Counter({
    name: "forecourt_rate_limit_refusals_total",
    help: "Requests refused by a rate limit: lead (per site and across sites), post (any POST per address), body-bytes (request body bytes per address), event.",
    labelNames: ["limit"] as const,
    registers: [registry],
  });
  const pageCacheAnswers = new Counter({
    name: "forecourt_page_cache_answers_total",
    help: "Anonymous public pages by what the process's page cache did: hit (answered from memory), stored (rendered and kept for its second); hits / (hits + stored) is its hit ratio.",
    labelNames: ["outcome"] as const,
    registers: [registry],
  });

  let readers: ScrapeReaders | null = null;
  const collectOutbox = async () => {
    if (!readers) return;
    try {
      const waiting = await readers.outboxWaiting();
      const now = Date.now();
      outboxPending.reset();
      outboxOldest.reset();
      for (const row of waiting) {
        outboxPending.set({ destination: row.destination }, row.pending);
        outboxOldest.set(
          { destination: row.destination },
          row.oldestCreatedAt === null ? 0 : Math.max(0, (now - row.oldestCreatedAt) / 1000),
        );
      }
    } catch {
      // the database is away: the previous values stay, /readyz and the logs say why
    }
  };
  const collectVersions = async () => {
    if (!readers) return;
    try {
      for (const [tenant, version] of await readers.stockVersions()) stockVersion.set({ tenant: tenantLabel(tenant) }, version);
    } catch {
      // as above
    }
  };
  // The three gauges share the two reads: a registry starts every metric's collect() in the same
  // tick, so the calls of one scrape find this read still running and wait for it.
  let scrape: Promise<void> | null = null;
  const readOnce = () => {
    scrape ??= Promise.all([collectOutbox(), collectVersions()]).then(() => void (scrape = null));
    return scrape;
  };

  const outboxPending = new Gauge({
    name: "forecourt_lead_outbox_pending",
    help: "Lead deliveries waiting to go out (pending or being sent), by destination kind; read from the database when scraped.",
    labelNames: ["destination"] as const,
    registers: [registry],
    aggregator: "max",
    collect: () => readOnce(),
  });
  const outboxOldest = new Gauge({
    name: "forecourt_lead_outbox_oldest_pending_seconds",
    help: "Age of the oldest lead delivery still waiting, by destination kind (0 when none waits).",
    labelNames: ["destination"] as const,
    registers: [registry],
    aggregator: "max",
    collect: () => readOnce(),
  });
  return {
    registry,
    request(kind, status, seconds) {
      const labels = { kind, status: statusClass(status) };
      requests.inc(labels);
      requestSeconds.observe(labels, seconds);
    },
    search: (backend, seconds) => searchSeconds.observe({ backend }, seconds),
    indexBuilt(tenant, seconds, version) {
      const label = { tenant: tenantLabel(tenant) };
      indexBuildSeconds.observe(label, seconds);
      indexBuiltAt.set(label, Date.now() / 1000);
      if (version !== undefined) indexVersion.set(label, version);
    },
    indexStockVersion: (tenant, version) => indexVersion.set({ tenant: tenantLabel(tenant) }, version),
    stockImport: (outcome) => imports.inc({ outcome }),
    delivery: (destination, outcome) => deliveries.inc({ destination, outcome }),
    rateLimitRefusal: (limit) => refusals.inc({ limit }),
    pageCache: (outcome) => pageCacheAnswers.inc({ outcome }),
    readAtScrape(next) {
      readers = next;
    },
    text: metricsText(registry),
  };
}
