import { formatDate, formatMoney, formatPercent, type Locale } from "~/server/lib/format";
import { slugify } from "~/server/lib/slug";
import type { FinanceProvider, Site } from "~/server/tenants/schema";
import { isAvailable, isSold } from "./availability";
import { isTestDriveOnly } from "./test-drive-only";
import type { FinanceLender, Vehicle } from "./vehicle";

// spec 000 §9: finance over 500; Taurus vehicles no older than 12 years.
const FINANCE_PRICE_OVER = 500;
const TAURUS_MAX_AGE_YEARS = 12;
// spec 000 §9: Taurus disclaimer — 10% deposit, comparison rate on a $30,000 5-year secured loan.
const TAURUS_DEPOSIT_SHARE = 0.1;
const TAURUS_COMPARISON_LOAN = 30_000;

export type PaymentFrequency = "week" | "month";

export type FinanceOffer = {
  provider: FinanceProvider;
  interestRate: number;
  comparisonRate: number;
  payment: { amount: number; frequency: PaymentFrequency; text: string } | null;
  termMonths: number | null;
  balloon: number | null;
  deposit: number | null;
  disclaimer: string;
};

type FinanceVehicle = Pick<Vehicle, "status" | "sold" | "tag" | "price" | "year" | "make" | "dealership_id" | "finance_lenders">;
type FinanceSite = Pick<Site, "finance_provider" | "features" | "locale">;
type RatedLender = FinanceLender & { interestRate: number; comparisonRate: number };

function positive(value: number | null | undefined): value is number {
  return typeof value === "number" && Number.isFinite(value) && value > 0;
}

function priceOverFinanceThreshold(vehicle: FinanceVehicle): boolean {
  return vehicle.price !== null && vehicle.price > FINANCE_PRICE_OVER;
}

// spec 000 §5: per-provider display conditions.
const providerAllows: Record<FinanceProvider, (vehicle: FinanceVehicle, lender: RatedLender, now: number) => boolean> = {
  Taurus: (vehicle, _lender, now) =>
    vehicle.year > new Date(now).getUTCFullYear() - TAURUS_MAX_AGE_YEARS && priceOverFinanceThreshold(vehicle) && isAvailable(vehicle),
  "360 Finance": (vehicle) => isAvailable(vehicle),
  AusLoans: (vehicle) => isAvailable(vehicle),
  Manual: (vehicle, lender) => priceOverFinanceThreshold(vehicle) && isAvailable(vehicle) && positive(lender.paymentWeek),
  Angle: (vehicle, lender) => priceOverFinanceThreshold(vehicle) && isAvailable(vehicle) && positive(lender.paymentWeek),
  Powertorque: (vehicle, lender) => priceOverFinanceThreshold(vehicle) && isAvailable(vehicle) && positive(lender.paymentWeek),
  "Nissan Finance": (vehicle, lender) => priceOverFinanceThreshold(vehicle) && isAvailable(vehicle) && positive(lender.paymentMonth),
  // Not in the spec: held to the strictest common rule — price over 500, available, and a payment.
  "Car Clarity": (vehicle, lender) =>
    priceOverFinanceThreshold(vehicle) && isAvailable(vehicle) && (positive(lender.paymentWeek) || positive(lender.paymentMonth)),
};

/** spec 000 §5: finance is hidden on some sites, for some dealerships and for named manufacturers. */
export function isFinanceHidden(vehicle: Pick<Vehicle, "make" | "dealership_id">, site: Pick<Site, "features">): boolean {
  const { finance_hidden, finance_hidden_dealerships, finance_hidden_manufacturers } = site.features;
  const make = vehicle.make.trim().toLowerCase();
  return (
    finance_hidden ||
    finance_hidden_dealerships.includes(vehicle.dealership_id) ||
    finance_hidden_manufacturers.some((manufacturer) => manufacturer.trim().toLowerCase() === make)
  );
}

/**
 * Whether a vehicle may be financed at all, wherever finance shows: the card's Finance button,
 * the vehicle page's Get finance button, its finance summary and its calculator. Available and
 * unsold (sold cars stay listed, spec 000 §4), not test-drive only (spec 000 §4 tags), and finance
 * not hidden for the site, the dealership or the manufacturer (spec 000 §5).
 */
export function financeAvailable(
  vehicle: Pick<Vehicle, "status" | "sold" | "tag" | "make" | "dealership_id">,
  site: Pick<Site, "features">,
): boolean {
  return isAvailable(vehicle) && !isSold(vehicle) && !isTestDriveOnly(vehicle) && !isFinanceHidden(vehicle, site);
}

/** The lender keyed by the provider name; keys such as "360_finance" or "taurus" match too. */
export function lenderFor(vehicle: Pick<Vehicle, "finance_lenders">, provider: FinanceProvider): FinanceLender | null {
  const exact = vehicle.finance_lenders[provider];
  if (exact) return exact;
  const wanted = slugify(provider);
  const key = Object.keys(vehicle.finance_lenders).find((candidate) => slugify(candidate) === wanted);
  return key === undefined ? null : vehicle.finance_lenders[key];
}

function hasRates(lender: FinanceLender): lender is RatedLender {
  return lender.interestRate !== null && lender.comparisonRate !== null;
}

/** The same day one month later (UTC), clamped to the month's last day: 31 Jan → 28/29 Feb. */
export function oneMonthAhead(now: number): number {
  const date = new Date(now);
  const target = new Date(now);
  target.setUTCDate(1);
  target.setUTCMonth(date.getUTCMonth() + 1);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  return target.getTime();
}

function choosePayment(provider: FinanceProvider, lender: RatedLender, locale: Locale): FinanceOffer["payment"] {
  const week = provider === "Nissan Finance" ? null : lender.paymentWeek;
  if (positive(week)) return { amount: week, frequency: "week", text: formatMoney(week, locale) };
  if (positive(lender.paymentMonth)) {
    return { amount: lender.paymentMonth, frequency: "month", text: formatMoney(lender.paymentMonth, locale) };
  }
  return null;
}

function termMonthsOf(lender: FinanceLender): number | null {
  if (positive(lender.termMonths)) return lender.termMonths;
  return positive(lender.termYears) ? lender.termYears * 12 : null;
}

function ratesSentence(lender: RatedLender, locale: Locale): string {
  return `${formatPercent(lender.interestRate, locale)} p.a. (comparison rate ${formatPercent(lender.comparisonRate, locale)} p.a.)`;
}

function genericDisclaimer(lender: RatedLender, locale: Locale): string {
  return `Indicative repayment at ${ratesSentence(lender, locale)}, subject to lender approval. Fees and charges may apply.`;
}

// spec 000 §9: 10% deposit; comparison rate based on a $30,000 5-year secured loan; 'Offer valid' one month ahead.
function taurusDisclaimer(lender: RatedLender, termMonths: number | null, locale: Locale, now: number): string {
  const term = termMonths === null ? "" : ` over ${termMonths} months`;
  return (
    `Based on a 10% deposit${term} at ${formatPercent(lender.interestRate, locale)} p.a. ` +
    `Comparison rate ${formatPercent(lender.comparisonRate, locale)} p.a. based on a ` +
    `${formatMoney(TAURUS_COMPARISON_LOAN, locale)} 5-year secured loan. ` +
    `Offer valid until ${formatDate(oneMonthAhead(now), locale)}.`
  );
}

function disclaimerFor(provider: FinanceProvider, lender: RatedLender, termMonths: number | null, locale: Locale, now: number): string {
  if (provider === "Taurus") return taurusDisclaimer(lender, termMonths, locale, now);
  const base = lender.disclaimer?.trim() || genericDisclaimer(lender, locale);
  // spec 000 §9: Angle shows $0 final payment — once: Angle's own disclaimer usually says it already.
  const finalPayment = `${formatMoney(0, locale)} final payment`;
  if (provider !== "Angle" || base.toLowerCase().includes(finalPayment.toLowerCase())) return base;
  return `${base} ${finalPayment}.`;
}

function depositFor(provider: FinanceProvider, vehicle: FinanceVehicle, lender: RatedLender): number | null {
  if (positive(lender.deposit)) return lender.deposit;
  if (provider === "Taurus" && vehicle.price !== null) return Math.round(vehicle.price * TAURUS_DEPOSIT_SHARE);
  return null;
}

/**
 * spec 000 §5 finance display: needs the site provider's lender with non-null interestRate and
 * comparisonRate, finance available for the vehicle (financeAvailable), and the provider's own conditions.
 */
export function financeOffer(vehicle: FinanceVehicle, site: FinanceSite, now: number): FinanceOffer | null {
  const provider = site.finance_provider;
  if (provider === null || !financeAvailable(vehicle, site)) return null;
  const lender = lenderFor(vehicle, provider);
  if (lender === null || !hasRates(lender)) return null;
  if (!providerAllows[provider](vehicle, lender, now)) return null;
  const termMonths = termMonthsOf(lender);
  return {
    provider,
    interestRate: lender.interestRate,
    comparisonRate: lender.comparisonRate,
    payment: choosePayment(provider, lender, site.locale),
    termMonths,
    balloon: provider === "Angle" ? 0 : (lender.balloon ?? null),
    deposit: depositFor(provider, vehicle, lender),
    disclaimer: disclaimerFor(provider, lender, termMonths, site.locale, now),
  };
}
