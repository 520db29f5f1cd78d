import { limits, type Range } from "./state";

const upperBoundWords = /\b(under|below|less|up to|max)\b|</i;

/**
 * spec 000 §2: price menu values are rewritten to range[price]=min:max with $ and commas removed.
 * "$10,000 - $20,000" gives both bounds; a single amount is an upper bound after words like
 * "Under", otherwise a lower bound ("$100,000+", "Over $100,000"). Null when there is no amount.
 */
export function priceMenuRange(value: string): Range | null {
  const amounts = (value.replace(/[$,]/g, "").match(/\d+(?:\.\d+)?/g) ?? []).slice(0, 2).map(Number);
  if (amounts.length === 0 || amounts.some((amount) => !(amount < limits.rangeBound))) return null;
  if (amounts.length === 2) {
    const [low, high] = amounts;
    return { min: Math.min(low, high), max: Math.max(low, high) };
  }
  return upperBoundWords.test(value) ? { max: amounts[0] } : { min: amounts[0] };
}
