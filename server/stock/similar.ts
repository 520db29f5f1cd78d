import type { Features, Site } from "../tenants/schema";
import { isAvailable, isSold } from "./availability";
import { isListed } from "./is-listed";
import type { Vehicle } from "./vehicle";

// Not in the spec: "similar" means the same body type and a price within 25% either way.
export const SIMILAR_PRICE_SHARE = 0.25;
export const DEFAULT_SIMILAR_LIMIT = 3;
// spec 000 §9: a price is shown only above 10; below that there is no price to compare.
const PRICE_SHOWN_ABOVE = 10;

type SimilarVehicle = Pick<Vehicle, "id" | "simple_body" | "price" | "status" | "sold" | "sold_date_timestamp" | "show_on_dealer_website">;

function hasShownPrice(vehicle: SimilarVehicle): vehicle is SimilarVehicle & { price: number } {
  return vehicle.price !== null && vehicle.price > PRICE_SHOWN_ABOVE;
}

/**
 * Listed, available, unsold vehicles other than the target with the same simple_body and a price
 * within ±25% of the target's, closest price first (then lowest id). Without a shown target price
 * only the body type is compared and the candidates keep their given order; without a target
 * body type nothing is similar.
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
  return pool
    .filter((candidate) => hasShownPrice(candidate) && distance(candidate) <= spread)
    .sort((a, b) => distance(a) - distance(b) || a.id - b.id)
    .slice(0, limit);
}

/** spec 000 §2: 'Find Me Something Similar' or 'Like this and want something similar?', per site. */
export function similarCtaText(site: Pick<Site, "features">): Features["similar_text"] {
  return site.features.similar_text;
}
