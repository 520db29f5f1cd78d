import { formatMoney } from "../lib/format";
import type { Site } from "../tenants/schema";
import type { Vehicle } from "./vehicle";

export const PREORDER_TEXT = "PREORDER";

// spec 000 §9: price display threshold over 10.
const PRICE_SHOWN_ABOVE = 10;

export type PriceDisplay =
  | { kind: "subscription"; amount: number; text: string }
  | { kind: "price"; amount: number; text: string }
  | { kind: "preorder"; text: typeof PREORDER_TEXT }
  | { kind: "text"; text: string };

type PriceSite = Pick<Site, "locale" | "flags" | "features">;

/** The price the vehicle sells for (spec 000 §5: a price shows when above 10), or null. */
export function salePrice(vehicle: Pick<Vehicle, "price">): number | null {
  return vehicle.price !== null && vehicle.price > PRICE_SHOWN_ABOVE ? vehicle.price : null;
}

/**
 * spec 000 §5, first match wins: subscription price if the site offers subscriptions and it is
 * above 0; the price if above 10; 'PREORDER' for preorder vehicles; else the site's no-price text.
 */
export function priceDisplay(vehicle: Pick<Vehicle, "price" | "subscription_price" | "preorder">, site: PriceSite): PriceDisplay {
  const subscription = vehicle.subscription_price;
  if (site.flags.offers_subscription && subscription !== null && subscription > 0) {
    return { kind: "subscription", amount: subscription, text: formatMoney(subscription, site.locale) };
  }
  const sale = salePrice(vehicle);
  if (sale !== null) return { kind: "price", amount: sale, text: formatMoney(sale, site.locale) };
  if (vehicle.preorder) return { kind: "preorder", text: PREORDER_TEXT };
  return { kind: "text", text: site.features.no_price_text };
}
