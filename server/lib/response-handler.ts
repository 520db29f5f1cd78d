/**
 * spec 000 §8 / 001 §8, the generic response handler, in one place for every outside call (lead
 * webhooks, partner lookups, the dealer platform): a non-OK answer is read as JSON; its `error` field
 * is the message, otherwise 'An unexpected error occurred' plus ': ' and the status text when present.
 * A successful answer is read as JSON, a blob or text by its content type.
 */
export const UNEXPECTED_ERROR_MESSAGE = "An unexpected error occurred";

/** 'An unexpected error occurred', with ': ' and the status text when there is one. */
export function unexpectedError(statusText: string): string {
  return statusText ? `${UNEXPECTED_ERROR_MESSAGE}: ${statusText}` : UNEXPECTED_ERROR_MESSAGE;
}

function errorField(body: unknown): string | null {
  if (typeof body !== "object" || body === null || !("error" in body)) return null;
  const { error } = body;
  return typeof error === "string" && error.trim() !== "" ? error : null;
}

/** The message of a non-OK answer (reads its body). */
export async function failureMessage(response: Response): Promise<string> {
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    body = null;
  }
  return errorField(body) ?? unexpectedError(response.statusText);
}

/** What a successful answer was read as. */
export type ResponseBody = { kind: "json"; value: unknown } | { kind: "blob"; value: Blob } | { kind: "text"; value: string };

export async function readOkBody(response: Response): Promise<ResponseBody> {
  const type = response.headers.get("content-type")?.toLowerCase() ?? "";
  if (type.includes("json")) return { kind: "json", value: await response.json() };
  if (type.startsWith("text/") || type.includes("xml") || type === "") return { kind: "text", value: await response.text() };
  return { kind: "blob", value: await response.blob() };
}
