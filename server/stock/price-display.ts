import { formatMoney } from "~/server/lib/format";
import { localiseText } from "~/server/lib/spelling";
import type { Site } from "~/server/tenants/schema";
import type { Vehicle } from "./vehicle";

export const PREORDER_TEXT = "PREORDER";

// spec 000 §9: price display threshold over 10.
export const PRICE_SHOWN_ABOVE = 10;

export type PriceDisplay =
  | { kind: "subscription"; amount: number; text: string }
  | { kind: "price"; amount: number; text: string }
  | { kind: "preorder"; text: typeof PREORDER_TEXT }
  | { kind: "text"; text: string };

/** spec 000 §9: whether the vehicle's own price is shown (over 10); otherwise the no-price text. */
export function hasShownPrice(vehicle: Pick<Vehicle, "price">): boolean {
  return vehicle.price !== null && vehicle.price > PRICE_SHOWN_ABOVE;
}

type PriceSite = Pick<Site, "locale" | "flags" | "features">;

/** The price the vehicle sells for (spec 000 §5: a price shows when above 10), or null. */
export function salePrice(vehicle: Pick<Vehicle, "price">): number | null {
  return vehicle.price !== null && hasShownPrice(vehicle) ? vehicle.price : null;
}

/**
 * spec 000 §5, first match wins: subscription price if the site offers subscriptions and it is
 * above 0; the price if above 10; 'PREORDER' for preorder vehicles; else the site's no-price text
 * (in the site's spelling).
 */
export function priceDisplay(vehicle: Pick<Vehicle, "price" | "subscription_price" | "preorder">, site: PriceSite): PriceDisplay {
  const subscription = vehicle.subscription_price;
  if (site.flags.offers_subscription && subscription !== null && subscription > 0) {
    return { kind: "subscription", amount: subscription, text: formatMoney(subscription, site.locale) };
  }
  const sale = salePrice(vehicle);
  if (sale !== null) return { kind: "price", amount: sale, text: formatMoney(sale, site.locale) };
  if (vehicle.preorder) return { kind: "preorder", text: PREORDER_TEXT };
  // The site's no-price text in its own usage ('Inquire for price.' on US sites), here once for every page, mail and feed.
  return { kind: "text", text: localiseText(site.features.no_price_text, site.locale) };
}

/**
 * The price type ('Drive Away', 'Excl. Govt. Charges') qualifies the car's price only: beside a weekly
 * subscription price, 'PREORDER' or the no-price text it would describe a price that is not shown.
 */
export function priceTypeFor(display: PriceDisplay, priceType: string | null): string | null {
  return display.kind === "price" && priceType?.trim() ? priceType.trim() : null;
}
