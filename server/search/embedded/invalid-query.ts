/**
 * A query the engine cannot run (unparseable filter, unknown attribute, bad sort or paging).
 * It is the caller's fault, so routes answer it like a 400, never a 500.
 */
export class InvalidSearchQueryError extends Error {
  override name = "InvalidSearchQueryError";
}
