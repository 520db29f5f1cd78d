import { MESSAGES } from "../messages";

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

function errorField(body: unknown): string | null {
  if (typeof body !== "object" || body === null || !("error" in body)) return null;
  const { error } = body;
  return typeof error === "string" && error !== "" ? error : null;
}

/**
 * spec 001 §8 generic response handler: a non-OK response throws its JSON `error` field with the status,
 * otherwise 'An unexpected error occurred' plus ': ' and the status text when present. OK responses are
 * read as JSON, blob or text by content type.
 */
export async function readResponse(response: Response): Promise<unknown> {
  const type = response.headers.get("Content-Type") ?? "";
  if (!response.ok) {
    let body: unknown = null;
    try {
      body = await response.json();
    } catch {
      body = null;
    }
    const message =
      errorField(body) ?? (response.statusText ? `${MESSAGES.unexpectedError}: ${response.statusText}` : MESSAGES.unexpectedError);
    throw new HttpResponseError(message, response.status);
  }
  if (type.includes("json")) return response.json();
  if (type.startsWith("text/") || type.includes("xml") || type === "") return response.text();
  return response.blob();
}
