import type { FinanceProvider, PaymentProvider } from "~/server/tenants/schema";
import type { FinanceLender, Vehicle } from "~/server/stock/vehicle";
import type { Rng } from "./prng";

type Priced = { price: number; car_type: Vehicle["car_type"] };

const round2 = (value: number): number => Math.round(value * 100) / 100;

/** Monthly repayment of an amortised loan with a balloon (final) payment. */
export function monthlyRepayment(principal: number, annualRatePercent: number, months: number, balloon: number): number {
  const rate = annualRatePercent / 100 / 12;
  if (rate === 0) return (principal - balloon) / months;
  const growth = Math.pow(1 + rate, months);
  return ((principal - balloon / growth) * rate * growth) / (growth - 1);
}

function offerValidUntil(now: number): string {
  const date = new Date(now);
  date.setUTCMonth(date.getUTCMonth() + 1);
  return date.toISOString().slice(0, 10);
}

function disclaimer(provider: FinanceProvider, termYears: number, now: number): string {
  switch (provider) {
    // spec 000 §9: 10% deposit, comparison rate on a $30,000 5-year secured loan, offer valid one month ahead
    case "Taurus":
      return `Repayments based on a 10% deposit over ${termYears} years. Comparison rate based on a secured loan of $30,000 over 5 years. Offer valid until ${offerValidUntil(now)}. Fees and charges apply; subject to credit approval.`;
    // spec 000 §9: Angle shows a $0 final payment
    case "Angle":
      return `Indicative repayments over ${termYears} years with a $0 final payment. Subject to Angle Finance lending criteria.`;
    case "Nissan Finance":
      return `Estimated monthly payment for well-qualified buyers through Nissan Finance over ${termYears * 12} months, excluding tax, title and fees.`;
    default:
      return `Estimated repayments over ${termYears} years through ${provider}. Subject to credit approval; fees and charges apply.`;
  }
}

/** One provider's offer; about 10% are incomplete so the finance display rules (spec 000 §5) have something to hide. */
export function financeLender(rng: Rng, provider: FinanceProvider, vehicle: Priced, now: number): FinanceLender {
  const promotional = provider === "Nissan Finance" && vehicle.car_type !== "used";
  const interestRate = round2(
    promotional ? 1.99 + rng.int(0, 400) / 100 : vehicle.car_type === "used" ? 8.49 + rng.int(0, 550) / 100 : 6.49 + rng.int(0, 250) / 100,
  );
  const comparisonRate = round2(interestRate + 0.2 + rng.int(0, 90) / 100);
  const termYears = rng.pick([3, 4, 5, 5, 5, 7]);
  const termMonths = termYears * 12;
  const deposit = provider === "Taurus" || provider === "Nissan Finance" ? Math.round(vehicle.price * 0.1) : rng.pick([0, 0, 1000, 2000]);
  const balloon = provider === "Taurus" && rng.chance(0.4) ? Math.round(vehicle.price * rng.pick([0.2, 0.25, 0.3])) : 0;
  const principal = Math.max(0, vehicle.price - deposit);
  const paymentMonth = round2(monthlyRepayment(principal, interestRate, termMonths, Math.min(balloon, principal)));
  const paymentWeek = round2((paymentMonth * 12) / 52);
  const lender: FinanceLender = {
    interestRate,
    comparisonRate,
    paymentMonth,
    termMonths,
    termYears,
    balloon,
    deposit,
    disclaimer: disclaimer(provider, termYears, now),
  };
  if (provider !== "Nissan Finance") {
    lender.paymentWeek = paymentWeek;
    lender.paymentFortnight = round2(paymentWeek * 2);
  }
  if (rng.chance(0.1)) {
    const gap = rng.pick(["interestRate", "comparisonRate", "payment"] as const);
    if (gap === "interestRate") lender.interestRate = null;
    else if (gap === "comparisonRate") lender.comparisonRate = null;
    else if (provider === "Nissan Finance") delete lender.paymentMonth;
    else delete lender.paymentWeek;
  }
  return lender;
}

const authorizationTypes: Record<PaymentProvider, string> = { Stripe: "stripe", Till: "till", "St George": "st_george" };

function demoKey(rng: Rng, provider: PaymentProvider): string {
  const alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
  let tail = "";
  for (let i = 0; i < 24; i++) tail += alphabet[rng.int(0, alphabet.length - 1)];
  return provider === "Stripe" ? `pk_test_${tail}` : `${authorizationTypes[provider]}_demo_${tail}`;
}

/** Checkout setup per vehicle: mostly complete, with gaps that make reserve unavailable (spec 000 §5). */
export function paymentSetup(
  rng: Rng,
  provider: PaymentProvider | null,
  depositAmount: number,
): Pick<Vehicle, "payment_processors" | "has_checkout_payment_processor"> {
  if (provider === null) return { payment_processors: [], has_checkout_payment_processor: false };
  const shape = rng.weighted({ checkout: 80, keyOnly: 10, noKey: 5, none: 5 });
  if (shape === "none") return { payment_processors: [], has_checkout_payment_processor: false };
  const processor = {
    authorization_type: authorizationTypes[provider],
    authorization_key: shape === "noKey" ? null : demoKey(rng, provider),
    deposit_amount: depositAmount,
  };
  return { payment_processors: [processor], has_checkout_payment_processor: shape === "checkout" };
}
