import { isSold } from "./availability";
import { hasShownPrice } from "./price-display";
import type { Vehicle } from "./vehicle";

/**
 * What a shopper sees first, in every sort (docs/decisions.md "Sold and unpriced cars sort last"):
 * vehicles for sale before sold ones, and in the price sorts vehicles with a shown price before
 * those without (POA, 0). Both search engines sort on these keys ahead of the shopper's own sort.
 */
export function saleOrder(vehicle: Pick<Vehicle, "status" | "sold">): number {
  return isSold(vehicle) ? 1 : 0;
}

export function priceOrder(vehicle: Pick<Vehicle, "price">): number {
  return hasShownPrice(vehicle) ? 0 : 1;
}

/** The vehicle as a search index receives it: with its order keys. */
export function withListingOrder(vehicle: Vehicle): Vehicle {
  return { ...vehicle, sale_order: saleOrder(vehicle), price_order: priceOrder(vehicle) };
}

/** The sort a search sends: the shopper's, after the for-sale key (and the priced key for a price sort). */
export function listingSort(sort: string): string[] {
  return sort.startsWith("price:") ? ["sale_order:asc", "price_order:asc", sort] : ["sale_order:asc", sort];
}
