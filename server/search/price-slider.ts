import type { SearchState } from "./state";
import { withRange } from "./transitions";
import { searchUrl, type SearchUrlSite } from "./search-url";

/** spec 000 §2 / §9 price-range landing: default 5000 to 250000, step 500; min kept at least 1 below max. */
export const PRICE_SLIDER = { min: 5000, max: 250000, step: 500 } as const;
// spec 000 §9: the count animates over 1 second.
export const COUNT_ANIMATION_MS = 1000;

export type PriceRange = { min: number; max: number };
/** The slider thumb the shopper moved; it stops at the other thumb instead of pushing it. */
export type PriceThumb = "min" | "max";

function readBound(raw: string | number | null | undefined, fallback: number): number {
  if (raw === null || raw === undefined) return fallback;
  if (typeof raw === "number") return Number.isFinite(raw) ? raw : fallback;
  const cleaned = raw.replace(/[$,\s]/g, "");
  if (!/^\d{1,9}$/.test(cleaned)) return fallback;
  return Number(cleaned);
}

const onSlider = (n: number) => {
  const snapped = PRICE_SLIDER.min + Math.round((n - PRICE_SLIDER.min) / PRICE_SLIDER.step) * PRICE_SLIDER.step;
  return Math.min(PRICE_SLIDER.max, Math.max(PRICE_SLIDER.min, snapped));
};

/**
 * The one rule for the slider's range, used by the slider as it moves, the text and the link it
 * shows, and the no-JS form: clamped to the slider and snapped to its step, so the thumbs, the
 * text and the results link always agree; min stays at least one step (so at least 1, spec 000
 * §5) below max. With `moved`, that thumb stops one step short of the other; without it (the
 * form's two numbers), bounds in the wrong order are swapped and max moves up when it has room.
 */
export function priceSliderRange(
  rawMin: string | number | null | undefined,
  rawMax: string | number | null | undefined,
  moved?: PriceThumb,
): PriceRange {
  let min = onSlider(readBound(rawMin, PRICE_SLIDER.min));
  let max = onSlider(readBound(rawMax, PRICE_SLIDER.max));
  if (moved === undefined && min > max) [min, max] = [max, min];
  if (max - min >= PRICE_SLIDER.step) return { min, max };
  const raiseMax = moved === "max" || (moved === undefined && min + PRICE_SLIDER.step <= PRICE_SLIDER.max);
  if (moved === "min" || !raiseMax) min = max - PRICE_SLIDER.step;
  else max = min + PRICE_SLIDER.step;
  // At either end of the slider the moved thumb can't keep its side: the range is the last step.
  if (min < PRICE_SLIDER.min) return { min: PRICE_SLIDER.min, max: PRICE_SLIDER.min + PRICE_SLIDER.step };
  if (max > PRICE_SLIDER.max) return { min: PRICE_SLIDER.max - PRICE_SLIDER.step, max: PRICE_SLIDER.max };
  return { min, max };
}

/**
 * spec 000 §2: the price landing's link, the results in the range sorted by price descending,
 * written by the one search URL builder; runs in the browser too (no site object needed).
 */
export function priceRangeHref(results: SearchState, site: SearchUrlSite, range: PriceRange): string {
  return searchUrl(withRange(results, "price", range), site);
}
