import { failureMessage, readOkBody } from "~/server/lib/response-handler";

/** A non-OK answer, carrying its HTTP status (spec 001 §8). */
export class HttpResponseError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = "HttpResponseError";
  }
}

/** spec 001 §8 generic response handler (server/lib/response-handler.ts): a non-OK answer throws its message with the status. */
export async function readResponse(response: Response): Promise<unknown> {
  if (!response.ok) throw new HttpResponseError(await failureMessage(response), response.status);
  return (await readOkBody(response)).value;
}
