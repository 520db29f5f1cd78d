import type { HeadersFunction } from "@remix-run/node";

/**
 * Document responses take their headers from here, not from the loader/action: form pages carry a
 * fill token and the visitor's details (never cached), and a 429 must keep its Retry-After.
 */
export const formPageHeaders: HeadersFunction = ({ loaderHeaders, actionHeaders }) => {
  const headers = new Headers({ "Cache-Control": "private, no-store" });
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  const cacheControl = loaderHeaders.get("Cache-Control");
  if (cacheControl) headers.set("Cache-Control", cacheControl);
  return headers;
};
