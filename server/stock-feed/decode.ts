import { isUtf8 } from "node:buffer";
import { FeedError, feedMessages } from "./messages";

/** Issue 10: a feed body over this many bytes is refused (50 MB unless STOCK_FEED_MAX_BYTES says otherwise). */
export const DEFAULT_MAX_FEED_BYTES = 50 * 1024 * 1024;

/** The size limit from the environment value, or the default; a bad value is a configuration error. */
export function maxFeedBytes(value: string | undefined): number {
  if (value === undefined || value.trim() === "") return DEFAULT_MAX_FEED_BYTES;
  const bytes = Number(value);
  if (!Number.isSafeInteger(bytes) || bytes < 1) {
    throw new Error(`environment: STOCK_FEED_MAX_BYTES: expected a whole number of bytes, got "${value}"`);
  }
  return bytes;
}

/** The feed's bytes, checked against the size limit before anything else looks at them. */
export function checkFeedSize(byteLength: number, limit: number): void {
  if (byteLength > limit) throw new FeedError(feedMessages.tooLarge(byteLength, limit));
}

/** Offset of the first byte that breaks UTF-8 (overlongs, surrogates and code points past U+10FFFF included), or -1. */
function firstInvalidUtf8(bytes: Uint8Array): number {
  let i = 0;
  const n = bytes.length;
  while (i < n) {
    const b = bytes[i];
    if (b < 0x80) {
      i++;
      continue;
    }
    let need: number;
    let min: number;
    let max = 0xbf;
    if (b >= 0xc2 && b <= 0xdf) {
      need = 1;
      min = 0x80;
    } else if (b >= 0xe0 && b <= 0xef) {
      need = 2;
      min = b === 0xe0 ? 0xa0 : 0x80;
      if (b === 0xed) max = 0x9f;
    } else if (b >= 0xf0 && b <= 0xf4) {
      need = 3;
      min = b === 0xf0 ? 0x90 : 0x80;
      if (b === 0xf4) max = 0x8f;
    } else {
      return i;
    }
    if (i + need >= n) return i;
    const second = bytes[i + 1];
    if (second === undefined || second < min || second > max) return i;
    for (let k = 2; k <= need; k++) {
      const next = bytes[i + k];
      if (next === undefined || next < 0x80 || next > 0xbf) return i;
    }
    i += need + 1;
  }
  return -1;
}

function lineAt(bytes: Uint8Array, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset; i++) if (bytes[i] === 0x0a) line++;
  return line;
}

/**
 * The feed as text: refused when empty (nothing but whitespace or a BOM) or not UTF-8, naming the
 * line of the first bad byte so the dealer can find a Latin-1 export's "é".
 */
export function decodeFeed(bytes: Uint8Array): string {
  const invalid = isUtf8(bytes) ? -1 : firstInvalidUtf8(bytes);
  if (invalid >= 0) throw new FeedError(feedMessages.notUtf8(lineAt(bytes, invalid), bytes[invalid]));
  const text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  if (text.trim() === "") throw new FeedError(feedMessages.empty);
  return text;
}
