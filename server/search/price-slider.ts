/** spec 000 §2 / §9 price-range landing: default 5000 to 250000, step 500; min kept at least 1 below max. */
export const PRICE_SLIDER = { min: 5000, max: 250000, step: 500 } as const;
// spec 000 §9: the count animates over 1 second.
export const COUNT_ANIMATION_MS = 1000;

export type PriceRange = { min: number; max: number };

function readBound(raw: string | null | undefined, fallback: number): number {
  if (raw === null || raw === undefined) return fallback;
  const cleaned = raw.replace(/[$,\s]/g, "");
  if (!/^\d{1,9}$/.test(cleaned)) return fallback;
  return Number(cleaned);
}

/** The slider's range from two inputs: clamped to the slider, snapped to the step, min at least 1 below max. */
export function priceSliderRange(rawMin: string | null | undefined, rawMax: string | null | undefined): PriceRange {
  const clamp = (n: number) => Math.min(PRICE_SLIDER.max, Math.max(PRICE_SLIDER.min, n));
  const snap = (n: number) => PRICE_SLIDER.min + Math.round((n - PRICE_SLIDER.min) / PRICE_SLIDER.step) * PRICE_SLIDER.step;
  let min = clamp(snap(readBound(rawMin, PRICE_SLIDER.min)));
  let max = clamp(snap(readBound(rawMax, PRICE_SLIDER.max)));
  if (min > max) [min, max] = [max, min];
  if (min >= max) {
    // Keep the gap by moving whichever side still has room.
    if (max < PRICE_SLIDER.max) max = min + 1;
    else min = max - 1;
  }
  return { min, max };
}
