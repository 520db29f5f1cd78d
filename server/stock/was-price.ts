import { formatMoney } from "~/server/lib/format";
import type { Site } from "~/server/tenants/schema";
import { priceDisplay } from "./price-display";
import type { Vehicle } from "./vehicle";

export type WasPrice = { amount: number; text: string };

/**
 * spec 000 §5: a was-price shows only when before_price exceeds the price — and only beside a
 * displayed price, never beside a subscription price, 'PREORDER' or the no-price text.
 */
export function wasPrice(
  vehicle: Pick<Vehicle, "price" | "before_price" | "subscription_price" | "preorder">,
  site: Pick<Site, "locale" | "flags" | "features">,
): WasPrice | null {
  const shown = priceDisplay(vehicle, site);
  if (shown.kind !== "price" || vehicle.before_price === null) return null;
  if (vehicle.before_price <= shown.amount) return null;
  return { amount: vehicle.before_price, text: formatMoney(vehicle.before_price, site.locale) };
}
