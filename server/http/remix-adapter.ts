import type { Request as ExpressRequest, Response as ExpressResponse } from "express";
import { createRequestHandler, createReadableStreamFromReadable, writeReadableStreamToWritable } from "@remix-run/node";
import type { AppLoadContext, ServerBuild } from "@remix-run/node";
import { setsSiteCookie } from "~/server/visitor/personal";
import {
  MIN_ENCODED_BYTES,
  WHOLE_BODY_LIMIT,
  acceptedEncoding,
  encodeWhole,
  encodesWhole,
  readUpTo,
  type WholeEncoding,
} from "./whole-body-encoding";

/**
 * Our own Express ↔ Remix bridge instead of @remix-run/express, for three reasons:
 * the URL is built from the host the edge already checked (the adapter's own parsing threw on
 * `Host: a:99999` and read X-Forwarded-Host even with TRUST_PROXY off); a body the edge already read
 * and bounded is handed over as bytes; and response headers replace the edge's defaults instead of
 * being appended, so a document sends one CSP (its nonce policy), not two.
 */
export type RemixBridgeOptions = {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: string;
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => AppLoadContext;
  /** `host[:port]` the edge resolved, and the body it read (undefined: stream the request). */
  requestTarget: (req: ExpressRequest, res: ExpressResponse) => { host: string; protocol: string; body?: Uint8Array<ArrayBuffer> };
  /** Set-Cookie line added to a POST answer that writes one of the site's cookies (server/visitor/personal.ts). */
  personalCookie: string;
  /** Given an answer, where to hand its whole body when it is one to keep (server/http/cached-pages.ts). */
  keep?: (res: ExpressResponse, response: Response) => ((body: Buffer) => void) | undefined;
};

export function remixBridge(options: RemixBridgeOptions) {
  const handle = createRequestHandler(options.build, options.mode);
  return async (req: ExpressRequest, res: ExpressResponse, next: (error?: unknown) => void): Promise<void> => {
    try {
      const request = toFetchRequest(req, res, options.requestTarget(req, res));
      const response = await handle(request, options.getLoadContext(req, res));
      const extra =
        req.method !== "GET" && req.method !== "HEAD" && setsSiteCookie(response.headers.getSetCookie()) ? [options.personalCookie] : [];
      await sendResponse(res, response, extra, options.keep?.(res, response));
    } catch (error) {
      next(error);
    }
  };
}

/** The Fetch request a Remix route would see (also used by the JSON lead API's direct route, server/http/lead-api.ts). */
export function toFetchRequest(
  req: ExpressRequest,
  res: ExpressResponse,
  target: { host: string; protocol: string; body?: Uint8Array<ArrayBuffer> },
): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else headers.set(name, value);
  }
  // Remix compares Origin with these two; they name the host the edge resolved, nothing a client chose.
  headers.set("host", target.host);
  headers.delete("x-forwarded-host");
  const controller = new AbortController();
  let finished = false;
  res.on("finish", () => (finished = true));
  res.on("close", () => {
    if (!finished) controller.abort();
  });
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers, signal: controller.signal };
  if (req.method !== "GET" && req.method !== "HEAD") {
    if (target.body) {
      headers.delete("transfer-encoding");
      headers.set("content-length", String(target.body.byteLength));
      init.body = target.body;
    } else {
      init.body = createReadableStreamFromReadable(req);
      init.duplex = "half";
    }
  }
  return new Request(new URL(req.originalUrl, `${target.protocol}://${target.host}`).href, init);
}

/**
 * Copies a Fetch response onto Express's, Set-Cookie headers kept apart. A page or JSON answer is read
 * whole and compressed in one call (server/http/whole-body-encoding.ts); anything else streams.
 */
export async function sendResponse(
  res: ExpressResponse,
  response: Response,
  extraCookies: readonly string[] = [],
  keep?: (body: Buffer) => void,
): Promise<void> {
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers) {
    if (name === "set-cookie") continue;
    res.setHeader(name, value);
  }
  const cookies = [...response.headers.getSetCookie(), ...extraCookies];
  if (cookies.length > 0) res.setHeader("Set-Cookie", cookies);
  if (!response.body) res.end();
  else if (encodesWhole(response.headers)) await sendWhole(res, response.body, keep);
  else await writeReadableStreamToWritable(response.body, res);
}

async function sendWhole(res: ExpressResponse, body: ReadableStream<Uint8Array>, keep?: (body: Buffer) => void): Promise<void> {
  res.vary("Accept-Encoding");
  const reader = body.getReader();
  const read = await readUpTo(reader, WHOLE_BODY_LIMIT);
  if (!read.complete) {
    // Too long to hold: what was read, then the rest, through the compression middleware's stream.
    for (const chunk of read.chunks) await write(res, chunk);
    for (let next = await reader.read(); !next.done; next = await reader.read()) await write(res, next.value);
    res.end();
    return;
  }
  const whole = Buffer.concat(read.chunks, read.bytes);
  keep?.(whole);
  sendWholeBody(res, whole, (encoding) => encodeWhole(whole, encoding));
}

/** A whole page or JSON body, compressed as the request accepts (`encode` may hand back a copy made before). */
export function sendWholeBody(res: ExpressResponse, whole: Buffer, encode: (encoding: WholeEncoding) => Buffer): void {
  res.vary("Accept-Encoding");
  const encoding = whole.byteLength >= MIN_ENCODED_BYTES ? acceptedEncoding(res.req.headers["accept-encoding"]) : null;
  const sent = encoding ? encode(encoding) : whole;
  if (encoding) res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", sent.byteLength);
  res.end(sent);
}

/** One chunk, waiting while the socket's buffer is full (or until the visitor has gone). */
function write(res: ExpressResponse, chunk: Uint8Array): Promise<void> {
  if (res.write(chunk)) return Promise.resolve();
  return new Promise((resolve) => {
    const go = () => {
      res.off("drain", go);
      res.off("close", go);
      resolve();
    };
    res.on("drain", go);
    res.on("close", go);
  });
}
