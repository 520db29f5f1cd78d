import { failureMessage, readOkBody, unexpectedError, type ResponseBody } from "~/server/lib/response-handler";

export { unexpectedError };

/** A partner call that failed: the message the generic handler derives and the HTTP status it carries. */
export class PartnerError extends Error {
  override name = "PartnerError";
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/**
 * The client is built once by server/services.ts while the handlers that catch its errors live in
 * the Remix bundle, which carries its own copy of this class: so errors are recognised by shape,
 * not by `instanceof`.
 */
export function isPartnerError(error: unknown): error is PartnerError {
  return error instanceof Error && error.name === "PartnerError" && typeof (error as { status?: unknown }).status === "number";
}

/** What a successful answer was read as: JSON, a blob (binary) or text, by its content type. */
export type PartnerBody = ResponseBody;

/**
 * spec 000 §8 / 001 §8 generic response handler: a non-OK answer is read as JSON; with an `error`
 * field that message is thrown carrying the HTTP status, otherwise 'An unexpected error occurred'
 * (': ' and the status text when present). A successful answer is read as JSON, blob or text.
 */
export async function readPartnerResponse(response: Response): Promise<PartnerBody> {
  if (!response.ok) throw new PartnerError(await failureMessage(response), response.status);
  return readOkBody(response);
}
