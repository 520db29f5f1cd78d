import { HELPER_DEFAULT_QUALITY, MAX_QUALITY, MIN_QUALITY, allowedWidthFor } from "./sizes";

/**
 * Optimiser url for `src` (spec 001 §7: url, w, q). The width is rounded up to an allowed size
 * (spec 001 §9) because the optimiser refuses any other; quality defaults to 80 (spec 001 §9).
 */
export function imageUrl(src: string, width: number, quality: number = HELPER_DEFAULT_QUALITY): string {
  const w = allowedWidthFor(width);
  const q = Math.min(MAX_QUALITY, Math.max(MIN_QUALITY, Math.round(quality)));
  return `/_image?url=${encodeURIComponent(src)}&w=${w}&q=${q}`;
}

/** A `srcset` with one candidate per distinct allowed width, narrowest first. */
export function imageSrcSet(src: string, widths: readonly number[], quality: number = HELPER_DEFAULT_QUALITY): string {
  const distinct = [...new Set(widths.map(allowedWidthFor))].sort((a, b) => a - b);
  return distinct.map((w) => `${imageUrl(src, w, quality)} ${w}w`).join(", ");
}

/**
 * The share image (spec 001 §9: 1200x630): `/_image` at exactly width × height; a photo fills it
 * (fit=cover), a logo sits letterboxed in it (fit=contain).
 */
export function shareImageUrl(
  src: string,
  width: number,
  height: number,
  fit: "cover" | "contain",
  quality: number = HELPER_DEFAULT_QUALITY,
): string {
  return `${imageUrl(src, width, quality)}&h=${height}&fit=${fit}`;
}
