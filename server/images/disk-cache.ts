import { createHash, randomBytes } from "node:crypto";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { formatExtension, type OutputFormat, type RequestedFormat } from "./format";
import type { ImageCrop } from "./params";
import type { RenderedImage } from "./transform";

const formats = Object.keys(formatExtension) as OutputFormat[];

/** `${DATA_DIR}/image-cache/<tenant>`: one folder per tenant, so tenants never share renders. */
export function imageCacheDir(dataDir: string, tenantSlug: string): string {
  return path.resolve(dataDir, "image-cache", tenantSlug);
}

/** sha256 of (source, w, q, format); "original" stands for JPEG or PNG, told apart by the file's extension. */
export function imageCacheKey(
  sourceIdentity: string,
  width: number,
  quality: number,
  requested: RequestedFormat,
  crop: ImageCrop | null = null,
): string {
  // Uncropped keys stay as they were, so the cache written before crops existed is still read.
  const parts =
    crop === null ? [sourceIdentity, width, quality, requested] : [sourceIdentity, width, quality, requested, crop.height, crop.fit];
  return createHash("sha256").update(JSON.stringify(parts)).digest("hex");
}

export function cachedImagePath(dir: string, key: string, format: OutputFormat): string {
  return path.join(dir, `${key}.${formatExtension[format]}`);
}

export async function readCachedImage(dir: string, key: string): Promise<RenderedImage | null> {
  for (const format of formats) {
    const bytes = await readFile(cachedImagePath(dir, key, format)).catch(() => null);
    if (bytes) return { bytes, format };
  }
  return null;
}

/** Write to a temporary name then rename, so a reader never sees half a file. */
export async function writeCachedImage(dir: string, key: string, image: RenderedImage): Promise<void> {
  await mkdir(dir, { recursive: true });
  const target = cachedImagePath(dir, key, image.format);
  const temporary = `${target}.${randomBytes(6).toString("hex")}.tmp`;
  await writeFile(temporary, image.bytes);
  await rename(temporary, target);
}
