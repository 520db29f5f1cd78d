import { checkFeedSize } from "~/server/stock-feed/decode";
import type { FeedFormat } from "~/server/stock-feed/read-feed";

/** A feed URL that could not be read; the message is one line naming the URL and the reason. */
export class FeedDownloadError extends Error {
  override name = "FeedDownloadError";
}

export type FeedDownloadOptions = {
  maxBytes: number;
  timeoutMs: number;
  /** HTTP basic authorisation (site.json stock_feed.username_env / password_env). */
  credentials?: { username: string; password: string } | null;
  /** From the previous answer: the server may answer 304 Not Modified. */
  etag?: string | null;
  lastModified?: string | null;
};

export type FeedDownload =
  { kind: "not_modified" } | { kind: "feed"; bytes: Uint8Array; format?: FeedFormat; etag: string | null; lastModified: string | null };

const MAX_REDIRECTS = 3;

function formatFromContentType(type: string | null): FeedFormat | undefined {
  if (type === null) return undefined;
  if (/json/i.test(type)) return "json";
  if (/csv|tab-separated/i.test(type)) return "csv";
  if (/xml/i.test(type)) return "google-xml";
  return undefined;
}

function reasonOf(error: unknown, timeoutMs: number): string {
  if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError"))
    return `no answer within ${timeoutMs / 1000} s`;
  if (error instanceof Error) return error.cause instanceof Error ? error.cause.message : error.message;
  return String(error);
}

/**
 * GET a dealer's feed URL (issue 10 §2): a time limit over the whole download, the size limit while
 * reading, conditional GET, and redirects followed only within the feed's own host — a feed that
 * redirects elsewhere is refused rather than fetched from wherever it points (and credentials never
 * travel to another host).
 */
export async function downloadFeed(url: string, options: FeedDownloadOptions): Promise<FeedDownload> {
  const origin = new URL(url);
  if (origin.protocol !== "http:" && origin.protocol !== "https:")
    throw new FeedDownloadError(`${url}: only http and https feeds can be fetched`);
  const signal = AbortSignal.timeout(options.timeoutMs);
  const headers: Record<string, string> = { Accept: "text/csv, application/json;q=0.9, */*;q=0.1" };
  if (options.credentials) {
    headers.Authorization = `Basic ${Buffer.from(`${options.credentials.username}:${options.credentials.password}`).toString("base64")}`;
  }
  if (options.etag) headers["If-None-Match"] = options.etag;
  if (options.lastModified) headers["If-Modified-Since"] = options.lastModified;

  let current = origin;
  try {
    for (let hop = 0; ; hop++) {
      const response = await fetch(current, { headers, signal, redirect: "manual" });
      if (response.status >= 300 && response.status < 400 && response.status !== 304) {
        const location = response.headers.get("location");
        await response.body?.cancel();
        if (!location) throw new FeedDownloadError(`${url}: redirect (HTTP ${response.status}) without a Location`);
        const next = new URL(location, current);
        if (next.host !== origin.host) {
          throw new FeedDownloadError(`${url}: redirected to ${next.host}, which is not the feed's host`);
        }
        if (hop + 1 > MAX_REDIRECTS) throw new FeedDownloadError(`${url}: more than ${MAX_REDIRECTS} redirects`);
        current = next;
        continue;
      }
      if (response.status === 304) {
        await response.body?.cancel();
        return { kind: "not_modified" };
      }
      if (!response.ok) {
        await response.body?.cancel();
        throw new FeedDownloadError(`${url}: HTTP ${response.status} ${response.statusText}`.trimEnd());
      }
      return {
        kind: "feed",
        bytes: await readBody(response, options.maxBytes),
        format: formatFromContentType(response.headers.get("content-type")),
        etag: response.headers.get("etag"),
        lastModified: response.headers.get("last-modified"),
      };
    }
  } catch (error) {
    if (error instanceof FeedDownloadError) throw error;
    if (error instanceof Error && error.name === "FeedError") throw new FeedDownloadError(`${url}: ${error.message}`);
    throw new FeedDownloadError(`${url}: ${reasonOf(error, options.timeoutMs)}`);
  }
}

async function readBody(response: Response, maxBytes: number): Promise<Uint8Array> {
  const declared = Number(response.headers.get("content-length") ?? "0");
  if (declared > 0) checkFeedSize(declared, maxBytes);
  const chunks: Uint8Array[] = [];
  let received = 0;
  const reader = response.body?.getReader();
  while (reader) {
    const { done, value } = await reader.read();
    if (done) break;
    received += value.byteLength;
    if (received > maxBytes) await reader.cancel();
    checkFeedSize(received, maxBytes);
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}
