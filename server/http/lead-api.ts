import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";
import type { AppLoadContext } from "@remix-run/node";
import { createLeadFromJson } from "~/server/handlers/leads/api";
import { sendResponse, toFetchRequest } from "./remix-adapter";

export type LeadApiRouteOptions = {
  /** The same target and load context the Remix bridge builds (server/http/app.ts). */
  requestTarget: (req: ExpressRequest, res: ExpressResponse) => { host: string; protocol: string; body?: Uint8Array<ArrayBuffer> };
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => AppLoadContext;
};

/**
 * The lead benchmark (`npm run bench:leads`): `POST /api/leads` is the busiest write and a resource route, so Remix adds
 * nothing to it but route matching and its wrapping (about a fifth of the request's CPU in the
 * profile). This answers exactly `POST /api/leads` (no query, no trailing slash) with the very
 * handler the Remix route calls (createLeadFromJson: same rate limit, source/API-key check, limits,
 * validation and answer), after the same edge checks (host, cross-site guard, body gate). Every
 * other form of the path still goes through Remix and app/routes/api.leads.tsx.
 */
export function leadApiRoute(options: LeadApiRouteOptions) {
  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction): Promise<void> => {
    if (req.method !== "POST" || req.originalUrl !== "/api/leads") return next();
    try {
      const request = toFetchRequest(req, res, options.requestTarget(req, res));
      const response = await createLeadFromJson({ request, context: options.getLoadContext(req, res) }, { mock: false });
      await sendResponse(res, response);
    } catch (error) {
      next(error);
    }
  };
}
