/** Limits for fetching a dealer's image host (spec 001 §7 image optimiser). */
export const REMOTE_TIMEOUT_MS = 5_000;
export const REMOTE_MAX_BYTES = 15 * 1024 * 1024;

export type RemoteImage = { ok: true; bytes: Buffer } | { ok: false; reason: string };

export type RemoteFetchOptions = { timeoutMs?: number; maxBytes?: number };

/**
 * GET an already allow-listed url. Redirects are not followed: the target was never checked
 * against image_hosts, so following it would reopen SSRF. Bodies over the cap are cut off.
 */
export async function fetchRemoteImage(url: string, options: RemoteFetchOptions = {}): Promise<RemoteImage> {
  const maxBytes = options.maxBytes ?? REMOTE_MAX_BYTES;
  let response: Response;
  try {
    response = await fetch(url, {
      redirect: "manual",
      signal: AbortSignal.timeout(options.timeoutMs ?? REMOTE_TIMEOUT_MS),
      headers: { accept: "image/avif,image/webp,image/png,image/jpeg,image/*;q=0.8" },
    });
  } catch (error) {
    return { ok: false, reason: `fetch failed: ${error instanceof Error ? error.message : String(error)}` };
  }
  if (response.status !== 200 || !response.body) {
    await response.body?.cancel();
    return { ok: false, reason: `upstream answered ${response.status}` };
  }
  const declared = Number(response.headers.get("content-length"));
  if (declared > maxBytes) {
    await response.body.cancel();
    return { ok: false, reason: `upstream body of ${declared} bytes is over the ${maxBytes} byte cap` };
  }
  return readCapped(response.body, maxBytes);
}

async function readCapped(body: ReadableStream<Uint8Array>, maxBytes: number): Promise<RemoteImage> {
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes) {
        await reader.cancel();
        return { ok: false, reason: `upstream body is over the ${maxBytes} byte cap` };
      }
      chunks.push(value);
    }
  } catch (error) {
    return { ok: false, reason: `reading upstream body failed: ${error instanceof Error ? error.message : String(error)}` };
  }
  return { ok: true, bytes: Buffer.concat(chunks) };
}
