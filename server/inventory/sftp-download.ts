import SftpClient from "ssh2-sftp-client";
import { checkFeedSize } from "~/server/stock-feed/decode";
import { FeedError } from "~/server/stock-feed/messages";
import { sftpLocation } from "~/server/tenants/feed-url";
import { FeedDownloadError } from "./feed-download";
import { unchangedSince, type RemoteFileStamp } from "./remote-file-stamp";
import { hostKeyFingerprint, hostKeyRefusal } from "./sftp-host-key";

export type SftpDownloadOptions = {
  maxBytes: number;
  /** Over the whole fetch: connecting, the handshake, stat and transfer. */
  timeoutMs: number;
  username: string;
  password: string | null;
  /** PEM or OpenSSH text of the client's private key. */
  privateKey: string | null;
  /** site.json stock_feed.host_key_sha256; null accepts any host key. */
  hostKeySha256: string | null;
  /** The stamp of the last feed that went in: an unchanged file is not transferred. */
  previous?: RemoteFileStamp | null;
};

export type SftpDownload = { kind: "not_modified" } | { kind: "feed"; bytes: Uint8Array; stamp: RemoteFileStamp };

/** ssh2-sftp-client prefixes its messages with the call chain ("connect: getConnection: …"); the reason is the rest. */
function reasonOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/^(?:\w+(?::|->)\s*)+/, "").trim() || message;
}

async function readLimited(client: SftpClient, path: string, maxBytes: number): Promise<Uint8Array> {
  // `end` is inclusive: one byte past the limit is enough to know the file is too large.
  const stream = client.createReadStream(path, { start: 0, end: maxBytes });
  // The remote handle is closed after the last chunk; the connection must not end under that request,
  // and an error closing it (the connection cut by the time limit) has nothing left to tell.
  const closed = new Promise<void>((resolve) => stream.once("close", () => resolve()));
  stream.on("error", () => undefined);
  const chunks: Buffer[] = [];
  let received = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      received += chunk.byteLength;
      checkFeedSize(received, maxBytes);
      chunks.push(chunk);
    }
  } finally {
    stream.destroy();
    await closed;
  }
  return Buffer.concat(chunks);
}

/**
 * Fetch a dealer's feed file over SFTP: the time limit over the whole fetch, the size limit (by the
 * file's size first, then while reading), the host key checked against site.json before any
 * credential is sent, and the remote file's size + mtime as the "not modified" validator.
 */
export async function downloadSftpFeed(url: string, options: SftpDownloadOptions): Promise<SftpDownload> {
  const location = sftpLocation(url);
  if (!location) throw new FeedDownloadError(`${url}: expected sftp://host[:port]/path/to/file`);
  const host = `${location.host}:${location.port}`;
  // The library's default listeners write to the console; its errors reach us through the promises.
  const client = new SftpClient("stock-feed", { error: () => undefined, end: () => undefined, close: () => undefined });
  let keyRefusal: string | null = null;
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => reject(new FeedDownloadError(`${location.display}: no answer within ${options.timeoutMs / 1000} s`)),
      options.timeoutMs,
    );
  });
  const fetching = (async (): Promise<SftpDownload> => {
    await client.connect({
      host: location.host,
      port: location.port,
      username: options.username,
      password: options.password ?? undefined,
      privateKey: options.privateKey ?? undefined,
      readyTimeout: options.timeoutMs,
      hostVerifier: (key: Buffer) => {
        keyRefusal = hostKeyRefusal(host, options.hostKeySha256, hostKeyFingerprint(key));
        return keyRefusal === null;
      },
    });
    const info = await client.stat(location.path);
    if (!info.isFile) throw new FeedDownloadError(`${location.display}: not a file`);
    const stamp: RemoteFileStamp = { size: info.size, mtimeMs: info.modifyTime };
    if (unchangedSince(options.previous, stamp)) return { kind: "not_modified" };
    checkFeedSize(info.size, options.maxBytes);
    return { kind: "feed", bytes: await readLimited(client, location.path, options.maxBytes), stamp };
  })();
  try {
    return await Promise.race([fetching, deadline]);
  } catch (error) {
    if (keyRefusal !== null) throw new FeedDownloadError(`${location.display}: ${keyRefusal}`);
    if (error instanceof FeedDownloadError) throw error;
    if (error instanceof FeedError) throw new FeedDownloadError(`${location.display}: ${error.message}`);
    throw new FeedDownloadError(`${location.display}: ${reasonOf(error)}`);
  } finally {
    clearTimeout(timer);
    // After a timeout the fetch is cut off by closing the connection; its own rejection then says nothing new.
    fetching.catch(() => undefined);
    await client.end().catch(() => undefined);
  }
}
