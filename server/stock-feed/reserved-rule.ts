/**
 * Issue 16: what a stock import does to `reserved`. A car reserved by a paid deposit on this site
 * (spec 000 §5, §9) is something the dealer's feed does not know about, so a feed row that says
 * nothing about it — or says `reserved: false` out of ignorance — must not put the car back on sale.
 * docs/decisions.md "Issue 16" records the rule:
 * - sold (in the feed, or missing from a full import) ends any reservation;
 * - a feed that says `reserved: true` reserves (the dealer's own hold);
 * - a paid deposit holds the car until it is sold or the deposit is refunded;
 * - otherwise a feed's explicit `reserved: false` is the dealer un-reserving their own hold, and a
 *   feed without the field (every CSV feed) keeps what the car had.
 */
export function reservedAfterImport(input: {
  existing: boolean;
  /** The feed row's own `reserved` (JSON feeds in our shape); undefined when the row has no such field. */
  feed: boolean | undefined;
  /** A paid (not refunded) deposit for this car on this site. */
  heldByDeposit: boolean;
  sold: boolean;
}): boolean {
  if (input.sold) return false;
  if (input.feed === true || input.heldByDeposit) return true;
  return input.feed ?? input.existing;
}
