import { json, type AppLoadContext } from "@remix-run/node";
import type { Params } from "@remix-run/react";
import { REQUEST_MESSAGES } from "~/server/lib/request-messages";

/** What every JSON API handler receives from its route. */
export type ApiArgs = { request: Request; context: AppLoadContext; params?: Params };

/** spec 001 §8 generic handler: a non-OK answer is JSON with an `error` message and the HTTP status. */
export function apiError(
  message: string,
  status: number,
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): Response {
  return json({ error: message, ...extra }, { status, headers: { "Cache-Control": "no-store", ...headers } });
}

export function apiNotFound(): Response {
  return apiError(REQUEST_MESSAGES.notFound, 404);
}

export function methodNotAllowed(allow: string): Response {
  return apiError(REQUEST_MESSAGES.methodNotAllowed, 405, {}, { Allow: allow });
}
