/**
 * WEB_CONCURRENCY > 1: one scrape must see the whole instance, not whichever worker the kernel handed
 * the connection to (counters would jump between workers' values and look like resets). The worker
 * that receives GET /metrics asks the primary, which gathers every worker's registry through
 * prom-client's AggregatorRegistry (counters and histograms summed; gauges by their `aggregator`).
 */
import cluster from "node:cluster";
import { AggregatorRegistry } from "prom-client";
import type { Registry } from "prom-client";
import type { Logger } from "~/server/lib/logger";

const ASK = "forecourt:metrics:ask";
const ANSWER = "forecourt:metrics:answer";
const ANSWER_TIMEOUT_MS = 5_000;

type Ask = { type: typeof ASK; id: number };
type Answer = { type: typeof ANSWER; id: number; text?: string; error?: string };

/** In the primary (server/cluster.ts): answers workers' asks with the cluster's metrics. */
export function serveClusterMetrics(log: Logger): void {
  const aggregator = new AggregatorRegistry();
  cluster.on("message", (worker, message: Partial<Ask>) => {
    if (message?.type !== ASK || typeof message.id !== "number") return;
    const id = message.id;
    aggregator.clusterMetrics().then(
      (text) => worker.send({ type: ANSWER, id, text } satisfies Answer),
      (error: Error) => {
        log.warn({ err: error.message }, "cluster metrics: a worker did not answer");
        worker.send({ type: ANSWER, id, error: error.message } satisfies Answer);
      },
    );
  });
}

export type MetricsText = () => Promise<string>;

/**
 * How /metrics gets its text: this process's registry, or in a cluster worker the whole cluster's via
 * the primary. A worker also registers its registry for the primary's round (prom-client listens).
 */
export function metricsText(registry: Registry): MetricsText {
  if (!cluster.isWorker) return () => registry.metrics();
  new AggregatorRegistry();
  AggregatorRegistry.setRegistries([registry]);
  let next = 0;
  const waiting = new Map<number, (answer: Answer) => void>();
  process.on("message", (message: Partial<Answer>) => {
    if (message?.type === ANSWER && typeof message.id === "number") waiting.get(message.id)?.(message as Answer);
  });
  return () =>
    new Promise<string>((resolve, reject) => {
      const id = ++next;
      const timer = setTimeout(() => {
        waiting.delete(id);
        reject(new Error("the cluster primary did not answer"));
      }, ANSWER_TIMEOUT_MS);
      waiting.set(id, (answer) => {
        clearTimeout(timer);
        waiting.delete(id);
        if (answer.text !== undefined) resolve(answer.text);
        else reject(new Error(answer.error ?? "no metrics"));
      });
      process.send?.({ type: ASK, id } satisfies Ask);
    });
}
