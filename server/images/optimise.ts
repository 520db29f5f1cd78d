import type { Logger } from "~/server/lib/logger";
import { cachedImagePath, imageCacheDir, imageCacheKey, readCachedImage, writeCachedImage } from "./disk-cache";
import type { RequestedFormat } from "./format";
import { openImageSource, type OpenedSource } from "./load-source";
import { placeholderImage } from "./placeholder";
import type { ImageCrop } from "./params";
import type { ImageSource } from "./source";
import { renderImage, type RenderedImage } from "./transform";

export type OptimiseRequest = {
  source: Exclude<ImageSource, { kind: "rejected" }>;
  width: number;
  quality: number;
  /** Exact height with fit cover or contain (the share image); null keeps the aspect ratio. */
  crop?: ImageCrop | null;
  format: RequestedFormat;
  tenantSlug: string;
  dataDir: string;
  log: Logger;
};

export type OptimisedImage = { kind: "image"; image: RenderedImage; cache: "hit" | "miss" } | { kind: "placeholder"; image: RenderedImage };

// The same render asked for twice at once (a page's srcset on first view) runs once.
const inFlight = new Map<string, Promise<RenderedImage | null>>();

/** Disk cache first, else read + render + store; any failure of the source gives the placeholder. */
export async function optimiseImage(request: OptimiseRequest): Promise<OptimisedImage> {
  const { width, quality, format, log } = request;
  const opened = await openImageSource(request.source);
  if (!opened.ok) return placeholder(request, opened.reason);

  const dir = imageCacheDir(request.dataDir, request.tenantSlug);
  const key = imageCacheKey(opened.identity, width, quality, format, request.crop ?? null);
  const cached = await readCachedImage(dir, key);
  if (cached) return { kind: "image", image: cached, cache: "hit" };

  const flightKey = `${dir}/${key}`;
  let rendering = inFlight.get(flightKey);
  if (!rendering) {
    rendering = renderAndStore(opened, request, dir, key).finally(() => inFlight.delete(flightKey));
    inFlight.set(flightKey, rendering);
  }
  const rendered = await rendering;
  if (!rendered) return placeholder(request, "source unavailable or undecodable");
  log.debug({ source: opened.identity, width, quality, format: rendered.format }, "image rendered");
  return { kind: "image", image: rendered, cache: "miss" };
}

async function renderAndStore(
  opened: Extract<OpenedSource, { ok: true }>,
  request: OptimiseRequest,
  dir: string,
  key: string,
): Promise<RenderedImage | null> {
  const { log } = request;
  const bytes = await opened.read();
  if (!bytes.ok) {
    log.warn({ source: opened.identity, reason: bytes.reason }, "image source unavailable");
    return null;
  }
  let rendered: RenderedImage;
  try {
    rendered = await renderImage(bytes.bytes, request.width, request.quality, request.format, request.crop ?? null);
  } catch (error) {
    log.warn({ source: opened.identity, err: error }, "image source could not be decoded");
    return null;
  }
  try {
    await writeCachedImage(dir, key, rendered);
  } catch (error) {
    // A full or read-only disk costs speed, not the image.
    log.warn({ err: error, file: cachedImagePath(dir, key, rendered.format) }, "image cache write failed");
  }
  return rendered;
}

async function placeholder(request: OptimiseRequest, reason: string): Promise<OptimisedImage> {
  request.log.warn({ source: request.source, reason }, "serving image placeholder");
  return { kind: "placeholder", image: await placeholderImage(request.width, request.format, request.crop ?? null) };
}
