// spec 001 §9: finance calculator, default interest rate 10.
export const DEFAULT_INTEREST_RATE = 10;
// Not in the spec: a 5-year term, the term the Taurus comparison rate uses (spec 000 §9).
export const DEFAULT_TERM_MONTHS = 60;

const PERIODS_PER_YEAR = { weekly: 52, fortnightly: 26, monthly: 12 } as const;

export type FinanceCalculatorInput = {
  price: number;
  deposit?: number;
  interestRate?: number;
  termMonths?: number;
  balloon?: number;
};

export type Repayments = { principal: number; weekly: number; fortnightly: number; monthly: number };

// A missing, non-numeric or negative input falls back to its default.
function valid(value: number | undefined, fallback: number): number {
  return typeof value === "number" && Number.isFinite(value) && value >= 0 ? value : fallback;
}

function cents(value: number): number {
  return Math.round(value * 100) / 100;
}

/**
 * Amortised repayment with a balloon: with principal P, balloon B, period rate r = annual% / 100 / periods
 * per year and n periods, payment = (P − B(1 + r)^−n) · r / (1 − (1 + r)^−n); at 0% it is (P − B) / n.
 */
function repayment(principal: number, balloon: number, annualRate: number, termMonths: number, periodsPerYear: number): number {
  const periods = (termMonths / 12) * periodsPerYear;
  const rate = annualRate / 100 / periodsPerYear;
  const payment =
    rate === 0 ? (principal - balloon) / periods : ((principal - balloon * (1 + rate) ** -periods) * rate) / (1 - (1 + rate) ** -periods);
  return Math.max(0, cents(payment));
}

/** Weekly, fortnightly and monthly repayments for price less deposit, rounded to cents, never negative. */
export function financeCalculator(input: FinanceCalculatorInput): Repayments {
  const price = valid(input.price, 0);
  const deposit = valid(input.deposit, 0);
  const interestRate = valid(input.interestRate, DEFAULT_INTEREST_RATE);
  const termMonths = valid(input.termMonths, DEFAULT_TERM_MONTHS) || DEFAULT_TERM_MONTHS;
  const balloon = valid(input.balloon, 0);
  const principal = Math.max(0, price - deposit);
  const per = (periodsPerYear: number) => repayment(principal, balloon, interestRate, termMonths, periodsPerYear);
  return {
    principal: cents(principal),
    weekly: per(PERIODS_PER_YEAR.weekly),
    fortnightly: per(PERIODS_PER_YEAR.fortnightly),
    monthly: per(PERIODS_PER_YEAR.monthly),
  };
}
