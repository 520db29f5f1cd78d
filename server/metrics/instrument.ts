/**
 * Wrappers that count what a service decides without the service knowing about metrics: rate-limit
 * refusals and stock import outcomes. Used once, where server/services.ts builds the services.
 */
import type { ImportStock } from "~/server/inventory/import-stock";
import type { LimitDecision } from "~/server/security/shared-limit";
import type { Metrics, RateLimit } from "./metrics";

/** The same limiter, counting each refusal under `limit`. */
export function countingRefusals<T extends { consume(...args: never[]): Promise<LimitDecision> }>(
  limiter: T,
  limit: RateLimit,
  metrics: Metrics,
): T {
  return {
    ...limiter,
    consume: async (...args: Parameters<T["consume"]>) => {
      const decision = await limiter.consume(...args);
      if (!decision.allowed) metrics.rateLimitRefusal(limit);
      return decision;
    },
  };
}

/** The same import pipeline, counting each import by outcome (a thrown error is "failed"). */
export function countingImports(importStock: ImportStock, metrics: Metrics): ImportStock {
  const counted = async (...args: Parameters<ImportStock>) => {
    try {
      const report = await importStock(...args);
      metrics.stockImport(report.outcome);
      return report;
    } catch (error) {
      metrics.stockImport("failed");
      throw error;
    }
  };
  return Object.assign(counted, { clearDemo: (tenant: Parameters<ImportStock["clearDemo"]>[0]) => importStock.clearDemo(tenant) });
}
