import sharp, { type Sharp } from "sharp";
import { outputFormatFor, type OutputFormat, type RequestedFormat } from "./format";
import type { ImageCrop } from "./params";

export type RenderedImage = { bytes: Buffer; format: OutputFormat };

// Nothing a dealer uploads needs more; a decompression bomb fails here instead of filling memory.
const MAX_INPUT_PIXELS = 100_000_000;
// librsvg's ceiling on density; a 16px-wide SVG rendered at 3840px needs 17 280.
const MAX_SVG_DENSITY = 100_000;

/**
 * Resize to `width` keeping the aspect ratio and never enlarging a raster image; SVGs are
 * rasterised at a density that makes them at least `width` pixels wide, so they stay sharp.
 * With `crop` the result is exactly width × height (cover: centre-cropped; contain: letterboxed on
 * white), enlarged when needed: share cards promise their size in og:image:width/height.
 * Throws on bytes sharp cannot decode (the caller answers with the placeholder).
 */
export async function renderImage(
  source: Buffer,
  width: number,
  quality: number,
  requested: RequestedFormat,
  crop: ImageCrop | null = null,
): Promise<RenderedImage> {
  const metadata = await sharp(source, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  const density = metadata.format === "svg" ? svgDensity(metadata.width, width) : undefined;
  const format = outputFormatFor(requested, metadata.format, metadata.hasAlpha === true);
  const pipeline = sharp(source, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error", ...(density ? { density } : {}) })
    .rotate()
    .resize(crop === null ? { width, withoutEnlargement: true } : { width, height: crop.height, fit: crop.fit, background: "#ffffff" });
  return { bytes: await encode(pipeline, format, quality).toBuffer(), format };
}

/** sharp reads SVGs at 72 dpi: scale that so the intrinsic width reaches the requested one. */
function svgDensity(intrinsicWidth: number | undefined, width: number): number {
  if (!intrinsicWidth) return 72;
  return Math.min(MAX_SVG_DENSITY, Math.max(72, Math.ceil((72 * width) / intrinsicWidth)));
}

/**
 * AVIF effort 3, not sharp's default 4: measured on one libvips thread, 4 took 4.3 s for a 1200px
 * photo and 17.7 s at 3840px, 3 took 0.35 s and 2.3 s for files about 8% larger. First views wait
 * on this encode; the disk cache serves every later one.
 */
export const AVIF_EFFORT = 3;

export function encode(pipeline: Sharp, format: OutputFormat, quality: number, avifEffort = AVIF_EFFORT): Sharp {
  switch (format) {
    case "avif":
      return pipeline.avif({ quality, effort: avifEffort });
    case "webp":
      return pipeline.webp({ quality });
    case "jpeg":
      return pipeline.jpeg({ quality, mozjpeg: true });
    case "png":
      return pipeline.png();
  }
}
