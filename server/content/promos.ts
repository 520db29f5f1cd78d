import type { Promo } from "~/server/tenants/home-files";

type CarType = "new" | "used" | "demo";

const moment = (value: string) => Date.parse(value);

/** spec 001 §4: active only within the window — only start: after it; only expiry: before it; both: between. */
export function isPromoActive(promo: Pick<Promo, "start" | "expiry">, now: number): boolean {
  const afterStart = promo.start === null || now >= moment(promo.start);
  const beforeExpiry = promo.expiry === null || now < moment(promo.expiry);
  return afterStart && beforeExpiry;
}

/**
 * spec 001 §4: with none of new/used/demo chosen only non-strict cards show; otherwise cards with no
 * display list or a matching one.
 */
export function promoMatchesCarTypes(promo: Pick<Promo, "display" | "strictDisplay">, chosen: readonly CarType[]): boolean {
  if (chosen.length === 0) return !promo.strictDisplay;
  return promo.display.length === 0 || promo.display.some((carType) => chosen.includes(carType));
}

function seededRandom(seed: string): () => number {
  let state = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) state = Math.imul(state ^ seed.charCodeAt(i), 0x01000193) >>> 0;
  return () => {
    // mulberry32
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The shuffle's seed: the site and the UTC day, so a page is the same all day and can be cached. */
export function promoShuffleSeed(siteSlug: string, now: number): string {
  return `${siteSlug}:${new Date(now).toISOString().slice(0, 10)}`;
}

/** spec 001 §4: cards with a position first, in position order; the others follow, shuffled by the seed. */
export function orderPromos<T extends Pick<Promo, "position" | "id">>(promos: readonly T[], seed: string): T[] {
  const placed = promos.filter((promo) => promo.position !== null).sort((a, b) => (a.position ?? 0) - (b.position ?? 0));
  // Sorted by id first so the file's order does not change the day's shuffle.
  const rest = promos.filter((promo) => promo.position === null).sort((a, b) => a.id.localeCompare(b.id));
  const random = seededRandom(seed);
  for (let i = rest.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [rest[i], rest[j]] = [rest[j]!, rest[i]!];
  }
  return [...placed, ...rest];
}

/** What a promo card draws; its schedule and car types are decided here, so they stay out of the page's data. */
export type PromoCardView = Pick<Promo, "id" | "image" | "alt" | "background" | "href" | "title" | "text"> & { cta: string | null };

/** A linked card always has a button; one without a link has none. */
export const PROMO_DEFAULT_CTA = "Find out more";

/** The cards a page shows: active now, matching the shopper's car types, in the day's order. */
export function shownPromos(
  promos: readonly Promo[],
  options: { now: number; carTypes: readonly CarType[]; seed: string },
): PromoCardView[] {
  return orderPromos(
    promos.filter((promo) => isPromoActive(promo, options.now) && promoMatchesCarTypes(promo, options.carTypes)),
    options.seed,
  ).map(({ id, image, alt, background, href, title, text, cta }) => ({
    id,
    image,
    alt,
    background,
    href,
    title,
    text,
    cta: href === null ? null : (cta ?? PROMO_DEFAULT_CTA),
  }));
}
