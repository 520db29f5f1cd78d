import type { Response } from "express";
import { REQUEST_MESSAGES } from "~/server/lib/request-messages";
import { CROSS_SITE_MESSAGE } from "~/server/security/cross-site";
import { countOf } from "~/server/lib/plural";

/** Texts of the answers the edge gives before a route runs: short, plain, saying what to change. */
export const EDGE_MESSAGES = {
  badHost: "Bad request: the Host header is not a valid host name.",
  badForwardedHost: "Bad request: the X-Forwarded-Host header is not a valid host name.",
  badPath: "Bad request: the address could not be read.",
  methodNotAllowed: "Method not allowed.",
  notFound: REQUEST_MESSAGES.notFound,
  // One wording for every cross-site refusal: the guard's (server/security/cross-site.ts).
  crossSite: CROSS_SITE_MESSAGE,
  unsupportedType: "Unsupported content type: send the form as application/x-www-form-urlencoded or multipart/form-data.",
  unsupportedApiType: "Unsupported content type: send application/json.",
  malformedForm: "Bad request: the form data could not be read.",
  tooManyFields: (limit: number) => `Too many form fields: at most ${limit} are accepted.`,
  fieldTooLarge: (kilobytes: number) => `A form field is too large: each field may hold at most ${kilobytes} KB.`,
  bodyTooLarge: REQUEST_MESSAGES.bodyTooLarge,
  tooManyRequests: (seconds: number) => `Too many requests. Please wait ${countOf(seconds, "second")} and try again.`,
  headersTooLarge: "Request header fields too large.",
  badRequest: "Bad request.",
  serverError: "Something went wrong. Please try again in a moment.",
} as const;

/** Under /api/, /webhooks/ and /mock/ (programs' paths) a 404 or 405 is JSON `{ error }`, whatever the method. */
export function sendMachineAnswer(res: Response, status: 404 | 405, allow: readonly string[] = []): void {
  res.status(status).set({ "Cache-Control": "no-store", ...(status === 405 ? { Allow: allow.join(", ") } : {}) });
  res.json({ error: status === 404 ? EDGE_MESSAGES.notFound : EDGE_MESSAGES.methodNotAllowed });
}

/** /api/* answers JSON `{ error }` (spec 001 §8 reads the error field); everything else plain text. */
export function sendEdgeAnswer(res: Response, path: string, status: number, message: string, headers: Record<string, string> = {}): void {
  res.status(status).set({ "Cache-Control": "no-store", ...headers });
  if (path.startsWith("/api/")) res.json({ error: message });
  else res.type("text/plain; charset=utf-8").send(message);
}
