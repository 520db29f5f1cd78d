import { z } from "~/server/lib/zod";
import { formatMoney, type Locale } from "~/server/lib/format";
import { DEFAULT_INTEREST_RATE, DEFAULT_TERM_MONTHS, financeCalculator } from "~/server/stock/finance-calculator";
import type { CalculatorField, CalculatorView } from "./types";

// Bounds that keep a typed URL sensible; an ordinary purchase never reaches them.
const MAX_PRICE = 10_000_000;
const MAX_RATE = 50;
const MAX_TERM_MONTHS = 120;

/** Loan terms the calculator offers, in months (1 to 7 years). */
export const CALCULATOR_TERMS: readonly number[] = [12, 24, 36, 48, 60, 72, 84];

const number = (message: string) =>
  z
    .string()
    .trim()
    .transform((text) => text.replace(/[$,\s%]/g, ""))
    .pipe(z.string().regex(/^\d+(\.\d+)?$/, message))
    .transform(Number);

export const calculatorMessages = {
  price: `Enter a price from $1 to $10,000,000.`,
  deposit: "Enter a deposit from $0 up to the price.",
  rate: `Enter an interest rate from 0 to ${MAX_RATE}%.`,
  term: "Choose a term from the list.",
  balloon: "Enter a balloon payment from $0 up to the amount borrowed.",
} as const;

const fields: CalculatorField[] = ["price", "deposit", "rate", "term", "balloon"];

/** What the vehicle page's finance summary says, so the calculator starts from the same loan. */
export type CalculatorDefaults = {
  price: number;
  deposit: number | null;
  termMonths: number | null;
  interestRate: number | null;
  balloon: number | null;
};

/** The calculator's terms: 1 to 7 years, plus the offer's own term when it is another whole number of months. */
export function calculatorTerms(offerTermMonths: number | null): number[] {
  const offered =
    offerTermMonths !== null && Number.isInteger(offerTermMonths) && offerTermMonths > 0 && offerTermMonths <= MAX_TERM_MONTHS
      ? [offerTermMonths]
      : [];
  return [...new Set([...CALCULATOR_TERMS, ...offered])].sort((a, b) => a - b);
}

function schemas(terms: readonly number[]): Record<CalculatorField, z.ZodType<number, string>> {
  return {
    price: number(calculatorMessages.price).pipe(z.number().min(1, calculatorMessages.price).max(MAX_PRICE, calculatorMessages.price)),
    deposit: number(calculatorMessages.deposit).pipe(z.number().max(MAX_PRICE, calculatorMessages.deposit)),
    rate: number(calculatorMessages.rate).pipe(z.number().max(MAX_RATE, calculatorMessages.rate)),
    term: number(calculatorMessages.term).refine((months) => terms.includes(months), calculatorMessages.term),
    balloon: number(calculatorMessages.balloon).pipe(z.number().max(MAX_PRICE, calculatorMessages.balloon)),
  };
}

function nonNegative(value: number | null): number | null {
  return value !== null && Number.isFinite(value) && value >= 0 ? value : null;
}

/**
 * The finance calculator's GET form (`?price=…&deposit=…&rate=…&term=…&balloon=…#calculator`), read
 * on the server so the result renders without JavaScript. It starts from the loan the finance
 * summary shows — the offer's rate, term, deposit and balloon — so both agree until the visitor
 * changes something; without an offer, 10% interest (spec 001 §9) over 60 months.
 */
export function readCalculator(search: URLSearchParams, defaults: CalculatorDefaults, locale: Locale): CalculatorView {
  const terms = calculatorTerms(defaults.termMonths);
  const initial: Record<CalculatorField, number> = {
    price: Math.round(defaults.price),
    deposit: Math.round(nonNegative(defaults.deposit) ?? 0),
    rate: nonNegative(defaults.interestRate) ?? DEFAULT_INTEREST_RATE,
    term: defaults.termMonths !== null && terms.includes(defaults.termMonths) ? defaults.termMonths : DEFAULT_TERM_MONTHS,
    balloon: Math.round(nonNegative(defaults.balloon) ?? 0),
  };
  const submitted = fields.some((field) => search.has(field));
  const values = Object.fromEntries(fields.map((field) => [field, String(initial[field])])) as Record<CalculatorField, string>;
  if (!submitted) return { values, errors: {}, result: null, terms };

  const fieldSchemas = schemas(terms);
  const errors: CalculatorView["errors"] = {};
  const parsed: Record<CalculatorField, number> = { ...initial };
  for (const field of fields) {
    const raw = search.get(field) ?? String(initial[field]);
    values[field] = raw.slice(0, 40);
    const result = fieldSchemas[field].safeParse(raw);
    if (result.success) parsed[field] = result.data;
    else errors[field] = result.error.issues[0]?.message ?? calculatorMessages[field];
  }
  if (!errors.price && !errors.deposit && parsed.deposit > parsed.price) errors.deposit = calculatorMessages.deposit;
  if (!errors.price && !errors.deposit && !errors.balloon && parsed.balloon > parsed.price - parsed.deposit) {
    errors.balloon = calculatorMessages.balloon;
  }
  if (Object.keys(errors).length > 0) return { values, errors, result: null, terms };

  const repayments = financeCalculator({
    price: parsed.price,
    deposit: parsed.deposit,
    interestRate: parsed.rate,
    termMonths: parsed.term,
    balloon: parsed.balloon,
  });
  const money = (amount: number) => formatMoney(amount, locale, { cents: true });
  return {
    values,
    errors,
    terms,
    result: {
      weekly: money(repayments.weekly),
      fortnightly: money(repayments.fortnightly),
      monthly: money(repayments.monthly),
      principal: formatMoney(repayments.principal, locale),
    },
  };
}
