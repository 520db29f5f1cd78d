import { brotliCompressSync, constants, gzipSync } from "node:zlib";

/**
 * Pages and JSON answers are whole strings before the first byte is sent (server/http/remix-adapter.ts),
 * so they are compressed in one synchronous call instead of through the compression middleware's
 * stream: bench:render measured the stream at 2–5 ms of CPU per page (its thread-pool round trips and
 * a fresh encoder per response) where one call costs 0.2–1 ms. Anything else — files, feeds, a body
 * longer than WHOLE_BODY_LIMIT — still streams through the middleware.
 */
export type WholeEncoding = "br" | "gzip";

/** Smaller bodies go as they are: the encoding's headers would outweigh the saving (the middleware's own threshold). */
export const MIN_ENCODED_BYTES = 1024;

/** A body is read whole up to this size; a longer one streams. */
export const WHOLE_BODY_LIMIT = 2 * 1024 * 1024;

/**
 * Chosen by measurement on the 126 KB search page (docs/benchmarks.md, "Page render"): brotli
 * quality 3 is 0.49 ms and 16.9 KB where the middleware's default quality 4 is 0.80 ms and 16.1 KB;
 * gzip (caches such as Varnish ask for it, and keep the result) stays at level 6.
 */
const BROTLI_QUALITY = 3;
const GZIP_LEVEL = 6;

/** Whether an answer is one of ours to compress whole: HTML or JSON, and not marked no-transform. */
export function encodesWhole(headers: Headers): boolean {
  const type = headers.get("content-type") ?? "";
  if (!/^(text\/html|application\/json)\b/i.test(type)) return false;
  if (headers.has("content-encoding")) return false;
  return !/\bno-transform\b/i.test(headers.get("cache-control") ?? "");
}

/**
 * The coding to send for an Accept-Encoding header (RFC 9110 §12.5.3): the higher q of br and gzip
 * (x-gzip is gzip; `*` stands for any coding not named), br on a tie; null when neither is
 * acceptable or the header is absent.
 */
export function acceptedEncoding(header: string | undefined): WholeEncoding | null {
  if (!header) return null;
  const quality = new Map<string, number>();
  for (const part of header.split(",")) {
    const [name = "", ...params] = part.split(";").map((piece) => piece.trim().toLowerCase());
    if (!name) continue;
    const q = params.find((param) => param.startsWith("q="));
    const value = q === undefined ? 1 : Number(q.slice(2));
    quality.set(name === "x-gzip" ? "gzip" : name, Number.isFinite(value) ? value : 0);
  }
  const of = (coding: WholeEncoding) => quality.get(coding) ?? quality.get("*") ?? 0;
  const br = of("br");
  const gzip = of("gzip");
  if (br <= 0 && gzip <= 0) return null;
  return br >= gzip ? "br" : "gzip";
}

export function encodeWhole(body: Uint8Array, encoding: WholeEncoding): Buffer {
  return encoding === "br"
    ? brotliCompressSync(body, {
        params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength },
      })
    : gzipSync(body, { level: GZIP_LEVEL });
}

/** Reads a body up to `limit` bytes: `complete` when it ended within it (then `chunks` is all of it). */
export async function readUpTo(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  limit: number,
): Promise<{ chunks: Uint8Array[]; bytes: number; complete: boolean }> {
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  while (bytes <= limit) {
    const { done, value } = await reader.read();
    if (done) return { chunks, bytes, complete: true };
    chunks.push(value);
    bytes += value.byteLength;
  }
  return { chunks, bytes, complete: false };
}
