import type { Vehicle } from "~/server/stock/vehicle";

/**
 * The deposit the reserve page quotes: the deposit_amount of the first payment processor that has
 * a key (spec 000 §3 payment_processors[]). A processor without a key cannot take a payment, and an
 * amount of zero or less is no deposit, so both give null and the page says the dealer confirms it.
 */
export function reserveDeposit(processors: Vehicle["payment_processors"]): number | null {
  const keyed = processors.find((processor) => Boolean(processor.authorization_key));
  return keyed && keyed.deposit_amount > 0 ? keyed.deposit_amount : null;
}
