import { z } from "zod/v4";
import { formatMoney, type Locale } from "../../../server/lib/format";
import { DEFAULT_INTEREST_RATE, DEFAULT_TERM_MONTHS, financeCalculator } from "../../../server/stock/finance-calculator";
import type { CalculatorField, CalculatorView } from "./types";
import { CALCULATOR_TERMS } from "./calculator-terms";

// Bounds that keep a typed URL sensible; an ordinary purchase never reaches them.
const MAX_PRICE = 10_000_000;
const MAX_RATE = 50;

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
} as const;

const fieldSchemas = {
  price: number(calculatorMessages.price).pipe(z.number().min(1, calculatorMessages.price).max(MAX_PRICE, calculatorMessages.price)),
  deposit: number(calculatorMessages.deposit).pipe(z.number().max(MAX_PRICE, calculatorMessages.deposit)),
  rate: number(calculatorMessages.rate).pipe(z.number().max(MAX_RATE, calculatorMessages.rate)),
  term: number(calculatorMessages.term).refine((months) => CALCULATOR_TERMS.includes(months), calculatorMessages.term),
} satisfies Record<CalculatorField, z.ZodType<number, string>>;

const fields: CalculatorField[] = ["price", "deposit", "rate", "term"];

export type CalculatorDefaults = { price: number; deposit: number | null; termMonths: number | null };

/**
 * The finance calculator's GET form (`?price=…&deposit=…&rate=…&term=…#calculator`), read on the
 * server so the result renders without JavaScript. Defaults: the vehicle's price, the offer's
 * deposit and term, and 10% interest (spec 001 §9).
 */
export function readCalculator(search: URLSearchParams, defaults: CalculatorDefaults, locale: Locale): CalculatorView {
  const term = defaults.termMonths !== null && CALCULATOR_TERMS.includes(defaults.termMonths) ? defaults.termMonths : DEFAULT_TERM_MONTHS;
  const initial: Record<CalculatorField, number> = {
    price: Math.round(defaults.price),
    deposit: Math.round(defaults.deposit ?? 0),
    rate: DEFAULT_INTEREST_RATE,
    term,
  };
  const submitted = fields.some((field) => search.has(field));
  const values = Object.fromEntries(fields.map((field) => [field, String(initial[field])])) as Record<CalculatorField, string>;
  if (!submitted) return { values, errors: {}, result: null };

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
  if (Object.keys(errors).length > 0) return { values, errors, result: null };

  const repayments = financeCalculator({
    price: parsed.price,
    deposit: parsed.deposit,
    interestRate: parsed.rate,
    termMonths: parsed.term,
  });
  const money = (amount: number) => formatMoney(amount, locale, { cents: true });
  return {
    values,
    errors,
    result: {
      weekly: money(repayments.weekly),
      fortnightly: money(repayments.fortnightly),
      monthly: money(repayments.monthly),
      principal: formatMoney(repayments.principal, locale),
    },
  };
}
