import { imageMessages } from "./messages";
import { LOADER_DEFAULT_QUALITY, MAX_QUALITY, MIN_QUALITY, isAllowedWidth } from "./sizes";

export type ImageParams = { url: string; width: number; quality: number };
export type ParsedImageParams = { ok: true; params: ImageParams } | { ok: false; message: string };

// Canonical digits only (no sign, decimals or leading zeros): one spelling per width, one url per render.
const WHOLE_NUMBER = /^(0|[1-9][0-9]{0,4})$/;

/** `/_image?url=…&w=…&q=…` (spec 001 §7): w from the allowed sizes, q a whole number 1-100 (default 75). */
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
  return { ok: true, params: { url, width, quality } };
}
