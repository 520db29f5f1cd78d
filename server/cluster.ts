import cluster, { type Worker } from "node:cluster";
import { RateLimiterClusterMaster } from "rate-limiter-flexible";
import type { Logger } from "./lib/logger";
import { serveClusterMetrics } from "./metrics/cluster-metrics";

/** Set in each worker's environment: its number, 1…N. Worker 1 alone runs the lead deliverer. */
export const WORKER_ENV = "FORECOURT_WORKER";

/** A worker forces its own exit after 8 s; the primary gives up a second later, still below the 10 s of `docker stop`. */
const SHUTDOWN_GRACE_MS = 9_000;

/** The worker count from WEB_CONCURRENCY: 1 (no cluster) unless a whole number above 1 is given. */
export function workerCount(value: string | undefined): number {
  const count = Number(value ?? "1");
  return Number.isSafeInteger(count) && count > 1 ? Math.min(count, 64) : 1;
}

/** In a cluster worker: the worker number; 0 outside a cluster. */
export function workerNumber(environment: NodeJS.ProcessEnv = process.env): number {
  return cluster.isWorker ? Number(environment[WORKER_ENV] ?? "0") : 0;
}

/**
 * WEB_CONCURRENCY=N: N worker processes share the port (node:cluster), the database,
 * the stock version and — through the primary (rate-limiter-flexible's cluster master) or Redis —
 * the rate limits; only worker 1 delivers leads, as one deliverer among several containers would.
 * Worker 1 starts first (it migrates the database and loads demo stock), the others once it
 * listens. A worker that dies is replaced; SIGTERM is passed on and the primary exits when all did.
 */
export function runPrimary(count: number, log: Logger): void {
  new RateLimiterClusterMaster();
  // GET /metrics in any worker answers for all of them (server/metrics/cluster-metrics.ts).
  serveClusterMetrics(log);
  let stopping = false;
  const byNumber = new Map<number, Worker>();

  const fork = (number: number): Worker => {
    const environment: Record<string, string> = { [WORKER_ENV]: String(number) };
    if (number > 1) environment.LEAD_DELIVERY = "off";
    const worker = cluster.fork(environment);
    byNumber.set(number, worker);
    let listened = false;
    worker.once("listening", () => (listened = true));
    worker.on("exit", (code, signal) => {
      if (byNumber.get(number) === worker) byNumber.delete(number);
      // A worker that could not even start (port taken, database unreachable) would fail again.
      if (!listened && !stopping) {
        log.error({ worker: number, code }, "a worker failed to start; stopping");
        stopping = true;
        for (const other of byNumber.values()) other.process.kill("SIGTERM");
        process.exitCode = code ?? 1;
        setTimeout(() => process.exit(code ?? 1), 2_000).unref();
        return;
      }
      if (stopping) {
        if (byNumber.size === 0) process.exit(0);
        return;
      }
      log.error({ worker: number, code, signal }, "worker died; starting another");
      setTimeout(() => fork(number), 1_000).unref();
    });
    return worker;
  };

  const first = fork(1);
  first.once("listening", () => {
    for (let number = 2; number <= count; number++) fork(number);
    log.info({ workers: count }, "all workers started");
  });

  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, "stopping workers");
    for (const worker of byNumber.values()) worker.process.kill(signal);
    if (byNumber.size === 0) process.exit(0);
    setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS).unref();
  };
  process.once("SIGTERM", () => shutdown("SIGTERM"));
  process.once("SIGINT", () => shutdown("SIGINT"));
}
