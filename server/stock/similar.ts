import type { Features, Site } from "~/server/tenants/schema";
import { isAvailable, isSold } from "./availability";
import { isListed } from "./is-listed";
import { PRICE_SHOWN_ABOVE } from "./price-display";
import type { Vehicle } from "./vehicle";

// Not in the spec: "similar" means the same body type and a price within 25% either way; when fewer
// than a row are that close, the row is filled with the same body type nearest in price (a yard with
// one other 4x4 ute in the band showed one card and three empty places).
export const SIMILAR_PRICE_SHARE = 0.25;
export const DEFAULT_SIMILAR_LIMIT = 3;

type SimilarVehicle = Pick<Vehicle, "id" | "simple_body" | "price" | "status" | "sold" | "sold_date_timestamp" | "show_on_dealer_website">;

function hasShownPrice(vehicle: SimilarVehicle): vehicle is SimilarVehicle & { price: number } {
  return vehicle.price !== null && vehicle.price > PRICE_SHOWN_ABOVE;
}

/**
 * Listed, available, unsold vehicles other than the target with the same simple_body: those with a
 * price within ±25% of the target's first, then — to fill up to `limit` — the rest with a shown price;
 * each group closest price first (then lowest id). Without a shown target price only the body type
 * is compared and the candidates keep their given order; without a target body type nothing is
 * similar.
 */
export function similarVehicles<V extends SimilarVehicle>(
  target: SimilarVehicle,
  candidates: readonly V[],
  site: Pick<Site, "include_sold_cars_days">,
  now: number,
  limit = DEFAULT_SIMILAR_LIMIT,
): V[] {
  if (target.simple_body === null) return [];
  const pool = candidates.filter(
    (candidate) =>
      candidate.id !== target.id &&
      candidate.simple_body === target.simple_body &&
      isListed(candidate, site, now) &&
      isAvailable(candidate) &&
      !isSold(candidate),
  );
  if (!hasShownPrice(target)) return pool.slice(0, limit);
  const spread = target.price * SIMILAR_PRICE_SHARE;
  const distance = (vehicle: V) => Math.abs((vehicle.price ?? 0) - target.price);
  const outsideBand = (vehicle: V) => (distance(vehicle) <= spread ? 0 : 1);
  return pool
    .filter(hasShownPrice)
    .sort((a, b) => outsideBand(a) - outsideBand(b) || distance(a) - distance(b) || a.id - b.id)
    .slice(0, limit);
}

/** spec 000 §2: 'Find Me Something Similar' or 'Like this and want something similar?', per site. */
export function similarCtaText(site: Pick<Site, "features">): Features["similar_text"] {
  return site.features.similar_text;
}
