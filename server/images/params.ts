import { imageMessages } from "./messages";
import { ALLOWED_CROP_HEIGHTS, LOADER_DEFAULT_QUALITY, MAX_QUALITY, MIN_QUALITY, isAllowedWidth } from "./sizes";

/**
 * crop: `h` with `fit=cover` (a photo filling the share image, centre-cropped) or `fit=contain`
 * (a logo letterboxed on white); null keeps the aspect ratio.
 */
export type ImageCrop = { height: number; fit: "cover" | "contain" };
export type ImageParams = { url: string; width: number; quality: number; crop: ImageCrop | null };
export type ParsedImageParams = { ok: true; params: ImageParams } | { ok: false; message: string };

// Canonical digits only (no sign, decimals or leading zeros): one spelling per width, one url per render.
const WHOLE_NUMBER = /^(0|[1-9][0-9]{0,4})$/;

/**
 * `/_image?url=…&w=…&q=…` (spec 001 §7): w from the allowed sizes, q a whole number 1-100 (default 75);
 * optionally `h` with `fit=cover` for the 1200×630 share image (spec 001 §9).
 */
export function parseImageParams(search: URLSearchParams): ParsedImageParams {
  const url = search.get("url");
  if (!url) return { ok: false, message: imageMessages.missingUrl };

  const w = search.get("w") ?? "";
  const width = WHOLE_NUMBER.test(w) ? Number(w) : Number.NaN;
  if (!isAllowedWidth(width)) return { ok: false, message: imageMessages.badWidth };

  const q = search.get("q");
  let quality = LOADER_DEFAULT_QUALITY;
  if (q !== null) {
    quality = WHOLE_NUMBER.test(q) ? Number(q) : Number.NaN;
    if (!(quality >= MIN_QUALITY && quality <= MAX_QUALITY)) return { ok: false, message: imageMessages.badQuality };
  }
  const h = search.get("h");
  const fit = search.get("fit");
  let crop: ImageCrop | null = null;
  if (h !== null || fit !== null) {
    const height = h !== null && WHOLE_NUMBER.test(h) ? Number(h) : Number.NaN;
    if ((fit !== "cover" && fit !== "contain") || !ALLOWED_CROP_HEIGHTS.includes(height))
      return { ok: false, message: imageMessages.badCrop };
    crop = { height, fit };
  }
  return { ok: true, params: { url, width, quality, crop } };
}
