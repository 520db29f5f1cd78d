import type { NextFunction, Request, Response } from "express";
import type { Logger } from "~/server/lib/logger";
import { logger } from "~/server/lib/logger";
import { EDGE_MESSAGES, sendEdgeAnswer } from "./edge-answers";

function clientStatus(error: unknown): number | null {
  if (typeof error !== "object" || error === null) return null;
  const status = (error as { status?: unknown; statusCode?: unknown }).status ?? (error as { statusCode?: unknown }).statusCode;
  return typeof status === "number" && status >= 400 && status < 500 ? status : null;
}

/**
 * Last stop for an error no route answered: a client's mistake (an Express 4xx such as a bad
 * static path) keeps its status with a plain message; anything else is logged through pino with the
 * request id and answered with a short 500 — never Express's HTML page with a stack trace.
 */
export function handleExpressError(error: unknown, req: Request, res: Response, _next: NextFunction): void {
  const log = (res.locals as { log?: Logger }).log ?? logger;
  if (res.headersSent) {
    log.error({ err: error, path: req.path }, "error after the answer started");
    req.socket.destroy();
    return;
  }
  const status = clientStatus(error);
  if (status !== null) {
    log.info({ status, path: req.path }, "request refused");
    sendEdgeAnswer(res, req.path, status, EDGE_MESSAGES.badRequest);
    return;
  }
  log.error({ err: error, path: req.path }, "unhandled error");
  sendEdgeAnswer(res, req.path, 500, EDGE_MESSAGES.serverError);
}
