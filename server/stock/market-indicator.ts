import { autograbEligible } from "./can-reserve";
import type { Vehicle } from "./vehicle";

export const BELOW_MARKET_TEXT = "below market price";

// spec 000 §9: market indicator more than 499 below.
const BELOW_MARKET_BY_MORE_THAN = 499;

/**
 * spec 000 §5: 'below market price' when the price is lower than the market average by more
 * than 499 and below the state average — only on vehicles Autograb is eligible for (the core
 * rule: in stock, not sold, not reserved, price above 200). Missing prices or averages mean no indicator.
 */
export function marketIndicator(
  vehicle: Pick<Vehicle, "price" | "autograb_data" | "status" | "sold" | "reserved">,
): typeof BELOW_MARKET_TEXT | null {
  const { price, autograb_data: market } = vehicle;
  if (price === null || market === null || !autograbEligible(vehicle)) return null;
  const { average_market_price: average, state_average_market_price: stateAverage } = market;
  if (average === null || stateAverage === null) return null;
  return average - price > BELOW_MARKET_BY_MORE_THAN && price < stateAverage ? BELOW_MARKET_TEXT : null;
}
