import { failureMessage } from "~/server/lib/response-handler";

export { UNEXPECTED_ERROR_MESSAGE } from "~/server/lib/response-handler";

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
  return new DealerApiError(await failureMessage(response), response.status);
}
