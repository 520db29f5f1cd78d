import type { NextFunction, Request, Response } from "express";
import { FLOWS } from "~/server/multi-step/flows";
import type { KeyedBudget, KeyedLimit, LimitDecision } from "~/server/security/shared-limit";
import { EDGE_MESSAGES, sendEdgeAnswer } from "./edge-answers";
import { FORM_LIMITS, UrlencodedCounter, checkMultipart, multipartBoundary, type LimitBreach } from "./form-limits";

/**
 * Multipart posts with photos or files: streamed to their handler, which caps files part by part. The
 * multi-step flows read a multipart body on every step, so their paths come from the flow definitions.
 */
const UPLOAD_PATHS = new Set(["/api/leads/with-files", "/mock/leads/with-files", ...Object.values(FLOWS).map((flow) => flow.path)]);

function isUploadPath(pathname: string): boolean {
  return UPLOAD_PATHS.has(pathname.length > 1 && pathname.endsWith("/") ? pathname.slice(0, -1) : pathname);
}
/** Dealer stock feeds: their own size cap (STOCK_FEED_MAX_BYTES) and formats (CSV, JSON). */
const STOCK_FEED_PATHS = /^\/api\/stock\//;
// Payment providers post JSON notifications to /webhooks/*.
const API_PATHS = /^\/(?:api|mock|webhooks)\//;
/** An answered request's remaining body is read and dropped for this long, so the client sees the answer, not a reset. */
const DRAIN_MS = 5_000;

export type BodyGateOptions = {
  /** Posts per client address (POST_RATE_LIMIT_PER_MINUTE), shared by every instance and worker. */
  limiter: KeyedLimit;
  /** Body bytes per client address (POST_BODY_BYTES_PER_MINUTE), shared like the post count. */
  bodyBudget: KeyedBudget;
  clientIp: (req: Request) => string;
  /** Told when the count could not be taken (the body is then checked as if allowed). */
  onLimitUnavailable: (req: Request, res: Response, error: unknown) => void;
};

type Kind = "urlencoded" | "multipart" | "json" | "none";

function kindOf(contentType: string): Kind | null {
  const type = contentType.split(";")[0]!.trim().toLowerCase();
  if (type === "") return "none";
  if (type === "application/x-www-form-urlencoded") return "urlencoded";
  if (type === "multipart/form-data") return "multipart";
  if (type === "application/json" || /^application\/[a-z0-9.+-]+\+json$/.test(type)) return "json";
  return null;
}

function hasBody(req: Request): boolean {
  return req.headers["transfer-encoding"] !== undefined || Number(req.headers["content-length"] ?? 0) > 0;
}

/** The bytes a request says it will send (0 without a usable Content-Length: chunked, or no body). */
function declaredBytes(req: Request): number {
  const declared = Number(req.headers["content-length"] ?? 0);
  return Number.isFinite(declared) && declared > 0 ? declared : 0;
}

/** Both limits must allow; refused, the client waits for the later of the two. */
function combined(decisions: readonly LimitDecision[]): LimitDecision {
  const waits = decisions.map((decision) => (decision.allowed ? 0 : decision.retryAfterSeconds));
  const wait = Math.max(0, ...waits);
  return wait === 0 ? { allowed: true } : { allowed: false, retryAfterSeconds: wait };
}

function breachMessage(breach: LimitBreach): string {
  if (breach.status === 400) return EDGE_MESSAGES.malformedForm;
  if (breach.reason === "fields") return EDGE_MESSAGES.tooManyFields(FORM_LIMITS.maxFields);
  if (breach.reason === "field-size") return EDGE_MESSAGES.fieldTooLarge(FORM_LIMITS.maxFieldBytes / 1024);
  return EDGE_MESSAGES.bodyTooLarge;
}

/** Answer now, then read and drop what the client is still sending: closing a socket with unread bytes resets it. */
function refuse(req: Request, res: Response, status: number, message: string): void {
  req.removeAllListeners("data");
  req.removeAllListeners("end");
  const timer = setTimeout(() => req.socket.destroy(), DRAIN_MS);
  timer.unref();
  req.on("end", () => clearTimeout(timer));
  req.resume();
  sendEdgeAnswer(res, req.path, status, message, { Connection: "close" });
}

/**
 * Every body a route would read, checked before any route code runs: rate limits first — posts and
 * body bytes per address, the bytes charged from Content-Length, so no byte is parsed for a client
 * over either (a chunked body's bytes are charged once read) — then the content type the path accepts (415), then the bytes as they
 * arrive — total size, field count and field size (413) and multipart shape (400). A body that passes
 * is kept in `res.locals.body` for the Remix bridge.
 */
export function bodyGate(options: BodyGateOptions) {
  return (req: Request, res: Response, next: NextFunction): void => {
    if (req.method === "GET" || req.method === "HEAD" || STOCK_FEED_PATHS.test(req.path)) return next();
    // The body waits unread in the socket while the counts are taken (in Redis or the cluster's primary).
    const address = options.clientIp(req);
    // A post with photos (up to 10 files of 10 MB, capped by its handler) is charged as one full form,
    // so a shopper's photos do not lock their next step out for a minute.
    const declared = isUploadPath(req.path) ? Math.min(declaredBytes(req), FORM_LIMITS.maxBodyBytes) : declaredBytes(req);
    // Without a Content-Length one byte is charged now (refused once the budget is spent) and the
    // rest once read, so a chunked body counts against the client's next post.
    const chunked = declared === 0 && req.headers["transfer-encoding"] !== undefined;
    const chargeRead = chunked ? (bytes: number) => void options.bodyBudget.consume(address, bytes - 1).catch(() => undefined) : undefined;
    void Promise.all([options.limiter.consume(address), options.bodyBudget.consume(address, chunked ? 1 : declared)])
      .then((decisions) => {
        const decision = combined(decisions);
        if (decision.allowed) return checkBody(req, res, next, chargeRead);
        const seconds = decision.retryAfterSeconds;
        sendEdgeAnswer(res, req.path, 429, EDGE_MESSAGES.tooManyRequests(seconds), { "Retry-After": String(seconds) });
      })
      .catch((error: unknown) => {
        // A count that cannot be taken (the cluster's primary stuck) must not refuse every post on the
        // site: this limit only sheds floods early; leads and sign-ins keep limits of their own.
        options.onLimitUnavailable(req, res, error);
        checkBody(req, res, next, chargeRead);
      });
  };
}

function checkBody(req: Request, res: Response, next: NextFunction, onBytesRead?: (bytes: number) => void): void {
  const contentType = req.headers["content-type"] ?? "";
  const kind = kindOf(contentType);
  const api = API_PATHS.test(req.path);
  const accepted = api ? kind !== null && (kind !== "none" || !hasBody(req)) : kind === "urlencoded" || kind === "multipart";
  if (!accepted) {
    return sendEdgeAnswer(res, req.path, 415, api ? EDGE_MESSAGES.unsupportedApiType : EDGE_MESSAGES.unsupportedType);
  }
  const boundary = kind === "multipart" ? multipartBoundary(contentType) : null;
  if (kind === "multipart" && boundary === null) return refuse(req, res, 400, EDGE_MESSAGES.malformedForm);
  if (kind === "multipart" && isUploadPath(req.path)) return next();

  const declared = Number(req.headers["content-length"] ?? 0);
  if (declared > FORM_LIMITS.maxBodyBytes) return refuse(req, res, 413, EDGE_MESSAGES.bodyTooLarge);
  const counter = kind === "urlencoded" ? new UrlencodedCounter() : null;
  const chunks: Buffer[] = [];
  let total = 0;
  let done = false;
  const stop = (breach: LimitBreach) => {
    done = true;
    onBytesRead?.(total);
    refuse(req, res, breach.status, breachMessage(breach));
  };
  req.on("data", (chunk: Buffer) => {
    if (done) return;
    total += chunk.byteLength;
    if (total > FORM_LIMITS.maxBodyBytes) return stop({ status: 413, reason: "body" });
    const breach = counter?.push(chunk);
    if (breach) return stop(breach);
    chunks.push(chunk);
  });
  req.on("end", () => {
    if (done) return;
    done = true;
    onBytesRead?.(total);
    const body = Buffer.concat(chunks, total);
    const breach = counter ? counter.end() : boundary !== null ? checkMultipart(body, boundary) : null;
    if (breach) return sendEdgeAnswer(res, req.path, breach.status, breachMessage(breach));
    res.locals.body = new Uint8Array(body);
    next();
  });
  req.on("error", () => {
    done = true;
  });
}
