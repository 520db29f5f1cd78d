import { PARTNER_MESSAGES } from "./messages";

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
export type PartnerBody = { kind: "json"; value: unknown } | { kind: "blob"; value: Blob } | { kind: "text"; value: string };

/** 'An unexpected error occurred' plus ': ' and the status text when there is one (spec 000 §8). */
export function unexpectedError(statusText: string): string {
  return statusText ? `${PARTNER_MESSAGES.unexpected}: ${statusText}` : PARTNER_MESSAGES.unexpected;
}

function errorField(body: unknown): string | null {
  if (typeof body !== "object" || body === null || !("error" in body)) return null;
  const { error } = body;
  return typeof error === "string" && error.trim() !== "" ? error : null;
}

/**
 * spec 000 §8 / 001 §8 generic response handler: a non-OK answer is read as JSON; with an `error`
 * field that message is thrown carrying the HTTP status, otherwise 'An unexpected error occurred'
 * (': ' and the status text when present). A successful answer is read as JSON, blob or text.
 */
export async function readPartnerResponse(response: Response): Promise<PartnerBody> {
  const type = response.headers.get("content-type")?.toLowerCase() ?? "";
  if (!response.ok) {
    let body: unknown = null;
    try {
      body = await response.json();
    } catch {
      body = null;
    }
    throw new PartnerError(errorField(body) ?? unexpectedError(response.statusText), response.status);
  }
  if (type.includes("json")) return { kind: "json", value: await response.json() };
  if (type.startsWith("text/") || type === "") return { kind: "text", value: await response.text() };
  return { kind: "blob", value: await response.blob() };
}
