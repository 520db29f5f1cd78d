// Money, number, distance and date formatting for the site's locale (spec 000 §1, §5; spec 001 §5, §9),
// and the tel: link of a phone number.
// server/lib imports nothing from other server folders, so site settings are typed structurally.

export type Locale = "en-AU" | "en-NZ" | "en-US";
export type DistanceUnit = "km" | "mi";

// spec 000 §1: km, miles on US sites.
export const KM_PER_MILE = 1.609344;

function finiteOrZero(value: number | null | undefined): number {
  return typeof value === "number" && Number.isFinite(value) ? value : 0;
}

// Building an Intl.NumberFormat costs about 50 µs; a search page formats hundreds of numbers, so
// one formatter per locale and precision is kept for the life of the process (at most 3 × a few).
const numberFormats = new Map<string, Intl.NumberFormat>();

function numberFormat(locale: Locale, fractionDigits: number): Intl.NumberFormat {
  const key = `${locale}|${fractionDigits}`;
  let format = numberFormats.get(key);
  if (format === undefined) {
    format = new Intl.NumberFormat(locale, { minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits });
    numberFormats.set(key, format);
  }
  return format;
}

/**
 * A count a visitor or an operator reads (results, reviews, rows, bytes): whole, with thousands
 * separators. en-AU, en-NZ and en-US write whole numbers alike, so it needs no locale.
 */
export function formatCount(count: number): string {
  return numberFormat("en-AU", 0).format(finiteOrZero(count));
}

/** Digits with thousands separators; non-finite input formats as 0. */
export function formatNumber(value: number | null, locale: Locale, fractionDigits = 0): string {
  const number = finiteOrZero(value);
  // A whole number under a thousand reads the same in all three locales and as String() writes it (no
  // separator, ASCII minus; -0 aside): most of a search page's few hundred counts, each an Intl call.
  if (fractionDigits === 0 && Number.isInteger(number) && number > -1000 && number < 1000 && !Object.is(number, -0)) return String(number);
  return numberFormat(locale, fractionDigits).format(number);
}

/**
 * spec 000 §5: whole dollars with thousands separators and a $ prefix; null shows $0
 * (one variant shows two decimals: `{ cents: true }`). Always a bare `$`, never "A$"/"NZ$"/"US$".
 */
export function formatMoney(amount: number | null, locale: Locale, options: { cents?: boolean } = {}): string {
  const fractionDigits = options.cents ? 2 : 0;
  const value = finiteOrZero(amount);
  const factor = 10 ** fractionDigits;
  const rounded = Math.round(Math.abs(value) * factor) / factor;
  const sign = value < 0 && rounded > 0 ? "-" : "";
  return `${sign}$${formatNumber(rounded, locale, fractionDigits)}`;
}

/** A rate such as an interest rate: `8.99%`. */
export function formatPercent(rate: number, locale: Locale): string {
  return `${formatNumber(rate, locale, 2)}%`;
}

/** spec 000 §1: an odometer (stored in km) in the site's unit, rounded to whole units. */
export function distanceInUnit(km: number, unit: DistanceUnit): number {
  return Math.round(unit === "mi" ? km / KM_PER_MILE : km);
}

/** A distance typed in the site's unit (a filter bound), in km as the stock stores it. */
export function distanceToKm(value: number, unit: DistanceUnit): number {
  return unit === "mi" ? value * KM_PER_MILE : value;
}

/** spec 000 §1: distance in km, miles on US sites (1 mi = 1.609344 km, rounded to whole units). */
export function formatDistance(km: number | null, site: { distance_unit: DistanceUnit; locale: Locale }): string | null {
  if (km === null || !Number.isFinite(km)) return null;
  return `${formatNumber(distanceInUnit(km, site.distance_unit), site.locale)} ${site.distance_unit}`;
}

function pad2(value: number): string {
  return String(value).padStart(2, "0");
}

/** Calendar date in UTC: dd/mm/yyyy for en-AU and en-NZ, mm/dd/yyyy for en-US. */
export function formatDate(ms: number, locale: Locale): string {
  const date = new Date(ms);
  const day = pad2(date.getUTCDate());
  const month = pad2(date.getUTCMonth() + 1);
  const year = date.getUTCFullYear();
  return locale === "en-US" ? `${month}/${day}/${year}` : `${day}/${month}/${year}`;
}

/**
 * spec 000 §2 tel: links: the digits and a leading + of a written number ("(02) 5550 1200" →
 * "tel:0255501200"); null when the text has no digits, so nothing links to an empty call.
 */
export function telHref(phone: string): string | null {
  const dialled = dialledNumber(phone);
  return /\d/.test(dialled) ? `tel:${dialled}` : null;
}

/** The number as dialled: its digits, with a leading + kept. */
export function dialledNumber(phone: string): string {
  return phone.trim().replace(/(?!^\+)[^\d]/g, "");
}
