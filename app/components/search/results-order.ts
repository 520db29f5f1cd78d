import type { PromoCardView } from "~/server/content/promos";

/** The first cards' photos load at once (the first screen); the rest lazily. */
export const eagerCards = 3;

// One promo card after every sixth result, in the day's order.
const PROMO_EVERY = 6;

/** The promo card that follows the result at `index`, if any. */
export function promoAfter(promos: readonly PromoCardView[], index: number): PromoCardView | undefined {
  return (index + 1) % PROMO_EVERY === 0 ? promos[(index + 1) / PROMO_EVERY - 1] : undefined;
}
