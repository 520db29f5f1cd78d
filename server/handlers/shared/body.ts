import { MaxPartSizeExceededError, unstable_createMemoryUploadHandler, unstable_parseMultipartFormData } from "@remix-run/node";
import { MAX_FILE_BYTES, MAX_FILES, UPLOAD_MESSAGES } from "~/server/leads/files";
import { REQUEST_MESSAGES } from "~/server/lib/request-messages";

/** A form or JSON body larger than this is refused with 413 before it is parsed. */
export const MAX_FORM_BYTES = 1024 * 1024;
/** Multipart lead: the `lead` JSON and other fields, plus at most MAX_FILES files of MAX_FILE_BYTES. */
export const MAX_MULTIPART_BYTES = MAX_FORM_BYTES + MAX_FILES * MAX_FILE_BYTES;

export type BodyFailure = { ok: false; status: 400 | 413 | 415; message: string };
export type BodyResult<T> = { ok: true; value: T } | BodyFailure;

const tooLarge = (message: string = REQUEST_MESSAGES.bodyTooLarge): BodyFailure => ({ ok: false, status: 413, message });

function declaredLength(request: Request): number | null {
  const header = request.headers.get("content-length");
  if (header === null || !/^\d+$/.test(header)) return null;
  return Number(header);
}

/** The body as bytes, never more than `limit`: a longer body stops the read (chunked bodies included). */
export async function readLimitedBytes(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer> | null> {
  const declared = declaredLength(request);
  if (declared !== null && declared > limit) return null;
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

/** A posted form (url-encoded, or multipart without files) of at most MAX_FORM_BYTES. */
export async function readFormBody(request: Request): Promise<BodyResult<FormData>> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!FORM_TYPES.some((type) => contentType.toLowerCase().startsWith(type))) {
    return { ok: false, status: 415, message: REQUEST_MESSAGES.unsupportedBody };
  }
  const bytes = await readLimitedBytes(request, MAX_FORM_BYTES);
  if (!bytes) return tooLarge();
  try {
    return { ok: true, value: await new Response(bytes, { headers: { "Content-Type": contentType } }).formData() };
  } catch {
    return { ok: false, status: 400, message: REQUEST_MESSAGES.unsupportedBody };
  }
}

/** A JSON body of at most MAX_FORM_BYTES; `undefined` when it is not JSON. */
export async function readJsonBody(request: Request): Promise<BodyResult<unknown>> {
  const contentType = (request.headers.get("content-type") ?? "").toLowerCase();
  if (!contentType.startsWith("application/json")) return { ok: false, status: 415, message: REQUEST_MESSAGES.invalidJson };
  const bytes = await readLimitedBytes(request, MAX_FORM_BYTES);
  if (!bytes) return tooLarge();
  try {
    return { ok: true, value: JSON.parse(new TextDecoder().decode(bytes)) as unknown };
  } catch {
    return { ok: false, status: 400, message: REQUEST_MESSAGES.invalidJson };
  }
}

class TooManyPartsError extends Error {}

/** Text parts of a multipart lead: the `lead` JSON and a few more, none over MAX_FORM_BYTES. */
const MAX_TEXT_PARTS = 50;

/**
 * A multipart lead with files, streamed part by part: a part over MAX_FILE_BYTES or a body over
 * MAX_MULTIPART_BYTES answers 413, more than MAX_FILES files 400 (files.ts texts).
 */
export async function readMultipartBody(request: Request): Promise<BodyResult<FormData>> {
  const contentType = (request.headers.get("content-type") ?? "").toLowerCase();
  if (!contentType.startsWith("multipart/form-data")) return { ok: false, status: 415, message: REQUEST_MESSAGES.unsupportedBody };
  const declared = declaredLength(request);
  if (declared !== null && declared > MAX_MULTIPART_BYTES) return tooLarge(UPLOAD_MESSAGES.size);
  let files = 0;
  let texts = 0;
  const fileHandler = unstable_createMemoryUploadHandler({ maxPartSize: MAX_FILE_BYTES });
  const textHandler = unstable_createMemoryUploadHandler({ maxPartSize: MAX_FORM_BYTES });
  try {
    const formData = await unstable_parseMultipartFormData(request, async (part) => {
      if (part.filename === undefined) {
        texts += 1;
        if (texts > MAX_TEXT_PARTS) throw new TooManyPartsError(REQUEST_MESSAGES.bodyTooLarge);
        return textHandler(part);
      }
      files += 1;
      if (files > MAX_FILES) throw new TooManyPartsError(UPLOAD_MESSAGES.count);
      return fileHandler(part);
    });
    return { ok: true, value: formData };
  } catch (error) {
    if (error instanceof MaxPartSizeExceededError) return tooLarge(UPLOAD_MESSAGES.size);
    if (error instanceof TooManyPartsError) return { ok: false, status: 400, message: error.message };
    return { ok: false, status: 400, message: REQUEST_MESSAGES.unsupportedBody };
  }
}
