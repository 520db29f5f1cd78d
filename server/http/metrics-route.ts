import { createHash, timingSafeEqual } from "node:crypto";
import type { Request, Response } from "express";
import type { Metrics } from "~/server/metrics/metrics";
import { sendEdgeAnswer } from "./edge-answers";

const NOT_FOUND = "Not found.";

function digest(text: string): Buffer {
  return createHash("sha256").update(text).digest();
}

/** Compared as digests: equal length for timingSafeEqual, and no early exit that times the token. */
function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer (.+)$/.exec(header ?? "");
  return match !== null && timingSafeEqual(digest(match[1]), digest(token));
}

/**
 * GET /metrics: the Prometheus text for a scraper that sends `Authorization: Bearer $METRICS_TOKEN`.
 * Without METRICS_TOKEN, or with a missing or wrong token, it answers 404 like any unknown address, so
 * the endpoint does not announce itself. Never cached; answered before tenant resolution (any Host).
 */
export function metricsRoute(token: string | undefined, metrics: Metrics) {
  return async (req: Request, res: Response): Promise<void> => {
    if (!token || !bearerMatches(req.headers.authorization, token)) return sendEdgeAnswer(res, req.path, 404, NOT_FOUND);
    try {
      const text = await metrics.text();
      res.status(200).set({ "Cache-Control": "no-store", "Content-Type": metrics.registry.contentType }).send(text);
    } catch (error) {
      res.locals.log?.warn({ err: (error as Error).message }, "metrics unavailable");
      sendEdgeAnswer(res, req.path, 503, "Metrics are unavailable right now.");
    }
  };
}
