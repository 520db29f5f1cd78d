/** An error no route answered is one pino line with the request id, never a page with a stack. */
import type { Request, Response } from "express";
import { describe, expect, it, vi } from "vitest";
import { handleError } from "~/app/entry.server";
import { EDGE_MESSAGES } from "~/server/http/edge-answers";
import { handleExpressError } from "~/server/http/express-errors";
import { logger } from "~/server/lib/logger";
import type { RequestContext } from "~/server/context";

function fakeExchange(path: string) {
  const log = logger.child({ requestId: "req-1" });
  const sent: { status?: number; body?: unknown; type?: string } = {};
  const res = {
    locals: { log },
    headersSent: false,
    status(code: number) {
      sent.status = code;
      return res;
    },
    set() {
      return res;
    },
    type(value: string) {
      sent.type = value;
      return res;
    },
    send(body: unknown) {
      sent.body = body;
      return res;
    },
    json(body: unknown) {
      sent.body = body;
      return res;
    },
  };
  // a structural stand-in: the handler only uses these members
  return { req: { path } as Request, res: res as unknown as Response, log, sent };
}

describe("Express-level errors", () => {
  it("a thrown error is logged at error with the request id and answered with a short 500", () => {
    const { req, res, log, sent } = fakeExchange("/contact");
    const error = vi.spyOn(log, "error");
    handleExpressError(new Error("database exploded at /work/x.ts:1:2"), req, res, () => {});
    expect(sent).toEqual({ status: 500, body: EDGE_MESSAGES.serverError, type: "text/plain; charset=utf-8" });
    expect(error).toHaveBeenCalledWith(expect.objectContaining({ err: expect.any(Error), path: "/contact" }), "unhandled error");
    expect(log.bindings()).toMatchObject({ requestId: "req-1" });
  });

  it("an Express 4xx (a bad static path) keeps its status and is logged at info", () => {
    const { req, res, log, sent } = fakeExchange("/api/leads");
    const info = vi.spyOn(log, "info");
    const error = vi.spyOn(log, "error");
    handleExpressError(Object.assign(new Error("Failed to decode param"), { status: 400 }), req, res, () => {});
    expect(sent).toMatchObject({ status: 400, body: { error: EDGE_MESSAGES.badRequest } });
    expect(info).toHaveBeenCalled();
    expect(error).not.toHaveBeenCalled();
  });
});

describe("route errors", () => {
  it("a 404 the router raised is logged at info, not error", () => {
    const log = logger.child({ requestId: "req-2" });
    const info = vi.spyOn(log, "info");
    const error = vi.spyOn(log, "error");
    const notFound = { status: 404, statusText: "Not Found", internal: true, data: 'Error: No route matches URL "/a/b/c"' };
    const context = { log } as unknown as RequestContext;
    handleError(notFound, { request: new Request("http://harbourside.localhost/a/b/c"), context });
    expect(info).toHaveBeenCalledWith({ status: 404, url: "http://harbourside.localhost/a/b/c" }, "route refused the request");
    expect(error).not.toHaveBeenCalled();
    handleError(new Error("boom"), { request: new Request("http://harbourside.localhost/"), context });
    expect(error).toHaveBeenCalledTimes(1);
  });
});
