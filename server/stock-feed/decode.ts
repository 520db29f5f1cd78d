import { Buffer, isUtf8 } from "node:buffer";
import { closeSync, openSync, readSync, statSync } from "node:fs";
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

/** A feed's bytes: in memory (a push, a pull, a drop folder) or in a file read a slice at a time (the command line). */
export type FeedBytes = { bytes: Uint8Array } | { file: string };

/** Bytes read from a feed file at a time: its text is decoded and scanned a slice at a time, never held whole. */
export const FEED_CHUNK_BYTES = 1024 * 1024;

/** The feed's size, known before a byte is read, so an oversized file is refused at no cost. */
export function feedSize(feed: FeedBytes): number {
  return "file" in feed ? statSync(feed.file).size : feed.bytes.byteLength;
}

/** The feed's bytes in slices of `chunkBytes`; a file's slices share one buffer, each used before the next is read. */
function* byteChunks(feed: FeedBytes, chunkBytes: number): Generator<Uint8Array> {
  if (!("file" in feed)) {
    for (let start = 0; start < feed.bytes.byteLength; start += chunkBytes) yield feed.bytes.subarray(start, start + chunkBytes);
    return;
  }
  const fd = openSync(feed.file, "r");
  try {
    const buffer = Buffer.allocUnsafe(chunkBytes);
    for (let read = readSync(fd, buffer, 0, chunkBytes, null); read > 0; read = readSync(fd, buffer, 0, chunkBytes, null)) {
      yield buffer.subarray(0, read);
    }
  } finally {
    closeSync(fd);
  }
}

/** Length of the bytes that end on a whole UTF-8 sequence: a character split by the slice's end waits for the next. */
function wholeSequences(bytes: Uint8Array): number {
  let lead = bytes.length - 1;
  while (lead > bytes.length - 4 && lead > 0 && (bytes[lead] & 0xc0) === 0x80) lead--;
  if (lead < 0) return bytes.length;
  const b = bytes[lead];
  const length = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 1;
  return lead + length > bytes.length ? lead : bytes.length;
}

/** The line of a byte offset, counted again from the start: only a refusal needs it. */
function lineOfOffset(feed: FeedBytes, offset: number, chunkBytes: number): number {
  let line = 1;
  let start = 0;
  for (const chunk of byteChunks(feed, chunkBytes)) {
    const end = Math.min(chunk.length, offset - start);
    for (let i = chunk.indexOf(0x0a); i !== -1 && i < end; i = chunk.indexOf(0x0a, i + 1)) line++;
    start += chunk.length;
    if (start >= offset) break;
  }
  return line;
}

/**
 * The feed's text a slice at a time, each checked as UTF-8 as `decodeFeed` checks the whole (the first
 * bad byte refuses the feed with its line), the BOM dropped. The size limit holds for a file that grew
 * after it was measured. Whether the text is empty is the reader's to judge, from the text it has seen.
 */
export function* decodeFeedChunks(feed: FeedBytes, options: { chunkBytes: number; maxBytes: number }): Generator<string> {
  let pending: Uint8Array = new Uint8Array(0);
  let offset = 0;
  const refuse = (bytes: Uint8Array, at: number) =>
    new FeedError(feedMessages.notUtf8(lineOfOffset(feed, offset + at, options.chunkBytes), bytes[at]));
  for (const chunk of byteChunks(feed, options.chunkBytes)) {
    const bytes = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
    checkFeedSize(offset + bytes.length, options.maxBytes);
    const whole = bytes.subarray(0, wholeSequences(bytes));
    const invalid = isUtf8(whole) ? -1 : firstInvalidUtf8(whole);
    if (invalid >= 0) throw refuse(whole, invalid);
    const text = Buffer.from(whole.buffer, whole.byteOffset, whole.byteLength).toString("utf8");
    // A copy: a file's next slice is read into the same buffer.
    pending = Uint8Array.from(bytes.subarray(whole.length));
    yield offset === 0 && text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
    offset += whole.length;
  }
  if (pending.length > 0) throw refuse(pending, 0);
}
