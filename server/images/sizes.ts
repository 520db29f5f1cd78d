/**
 * Image sizes and qualities, spec 001 §9. Pure constants: the client-side `imageUrl` helper
 * imports them too, so this file must never import node modules.
 */

// spec 001 §9: device sizes
export const DEVICE_SIZES = [640, 750, 828, 1080, 1200, 1920, 2048, 3840] as const;
// spec 001 §9: (image) sizes
export const IMAGE_SIZES = [16, 32, 48, 64, 96, 128, 256, 384] as const;

/** Every width the optimiser renders, ascending; any other `w` is refused (caps the cache's size). */
export const ALLOWED_WIDTHS: readonly number[] = [...IMAGE_SIZES, ...DEVICE_SIZES].sort((a, b) => a - b);

// spec 001 §9: "default quality 80 (helper) and 75 (loader)"
export const HELPER_DEFAULT_QUALITY = 80;
export const LOADER_DEFAULT_QUALITY = 75;

export const MIN_QUALITY = 1;
export const MAX_QUALITY = 100;

/**
 * Heights a `fit=cover` crop may ask for: only the social share image (spec 001 §9 "Social share
 * image 1200x630"), so crops cannot grow the cache.
 */
export const ALLOWED_CROP_HEIGHTS: readonly number[] = [630];

export function isAllowedWidth(width: number): boolean {
  return ALLOWED_WIDTHS.includes(width);
}

/** The smallest allowed width at least `width` wide (the largest one when `width` is beyond them all). */
export function allowedWidthFor(width: number): number {
  return ALLOWED_WIDTHS.find((allowed) => allowed >= width) ?? ALLOWED_WIDTHS[ALLOWED_WIDTHS.length - 1];
}
