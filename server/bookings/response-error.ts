/** spec 000 §8, generic response handler: the fallback message of a non-OK answer without an error field. */
export const UNEXPECTED_ERROR_MESSAGE = "An unexpected error occurred";

/** A non-OK answer from the dealer platform, with the message the spec's response handler gives it. */
export class DealerApiError extends Error {
  readonly status: number;
  constructor(message: string, status: number) {
    super(message);
    this.name = "DealerApiError";
    this.status = status;
  }
}

/**
 * spec 000 §8: a non-OK response is read as JSON; with an `error` field the error carries that message and
 * the HTTP status; otherwise 'An unexpected error occurred' followed by ': ' and the status text when present.
 */
export async function dealerApiError(response: Response): Promise<DealerApiError> {
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    body = null;
  }
  if (body !== null && typeof body === "object" && "error" in body && typeof body.error === "string" && body.error !== "") {
    return new DealerApiError(body.error, response.status);
  }
  const message = response.statusText ? `${UNEXPECTED_ERROR_MESSAGE}: ${response.statusText}` : UNEXPECTED_ERROR_MESSAGE;
  return new DealerApiError(message, response.status);
}
