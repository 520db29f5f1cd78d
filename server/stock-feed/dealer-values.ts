import type { FeedStatus } from "~/server/tenants/stock-feed-mapping";

// Statuses, prices and odometers as dealer systems write them ("Deposit Taken", "POA", "$29,990",
// "25990 AUD", "68,412", "52,000 mi"). Each reader returns its value or why the cell cannot be used.

export type Read<T> = { value: T } | { error: string };

/** Letters and digits only, lowercased: "Deposit Taken", "deposit-taken" and "DEPOSIT_TAKEN" are one word. */
export function squash(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]/g, "");
}

/**
 * The built-in status words, as documented in docs/operations.md. A hold (deposit taken, under
 * offer) is in stock and reserved: listed with the Reserved tag, not reservable online. site.json
 * `stock_feed.statuses` adds a dealer's own words and wins over these.
 */
export const statusWords: Readonly<Record<FeedStatus, readonly string[]>> = {
  in_stock: ["In Stock", "Available", "For Sale", "Active", "Stock", "in_stock"],
  reserved: ["Deposit Taken", "Under Offer", "Hold", "On Hold", "Sale Pending", "Pending", "Reserved"],
  coming_soon: ["In Transit", "Arriving", "Incoming", "On Order", "Coming Soon", "coming_soon"],
  sold: ["Sold", "Delivered", "Not Available"],
};

/** What a status cell means: the vehicle's status and whether the dealer holds it. */
export type StatusMeaning = { status: "in_stock" | "coming_soon" | "sold"; held: boolean };

const meanings: Record<FeedStatus, StatusMeaning> = {
  in_stock: { status: "in_stock", held: false },
  reserved: { status: "in_stock", held: true },
  coming_soon: { status: "coming_soon", held: false },
  sold: { status: "sold", held: false },
};

export type StatusReader = {
  read(raw: string): Read<StatusMeaning | null>;
  /** Every word accepted, for the rejection message. */
  accepted: string[];
};

/** The status reader of one import: the built-in words plus the tenant's (and the command line's) own. */
export function statusReader(own: Readonly<Record<string, FeedStatus>>): StatusReader {
  const byWord = new Map<string, FeedStatus>();
  const accepted: string[] = [];
  for (const [status, words] of Object.entries(statusWords) as Array<[FeedStatus, readonly string[]]>) {
    for (const word of words) {
      byWord.set(squash(word), status);
      if (!word.includes("_")) accepted.push(word);
    }
  }
  for (const [word, status] of Object.entries(own)) {
    if (!byWord.has(squash(word))) accepted.push(word);
    byWord.set(squash(word), status);
  }
  return {
    accepted,
    read(raw) {
      if (raw === "") return { value: null };
      const status = byWord.get(squash(raw));
      return status ? { value: meanings[status] } : { error: `expected one of ${accepted.join(", ")}, got "${raw}"` };
    },
  };
}

// "POA", "Price on application", "Call", "Enquire": a price the dealer gives on asking.
const noPriceWords = new Set(
  [
    "POA",
    "P.O.A.",
    "Price on application",
    "Price on request",
    "Call",
    "Call for price",
    "Enquire",
    "Enquire for price",
    "Enquire now",
    "Contact us",
    "TBA",
  ].map(squash),
);

const NUMBER = /^\d+(\.\d+)?$/;

/** "$29,990", "AU$ 29 990", "25990 AUD", "31990.00 AUD": currency signs, codes, commas and spaces are decoration. */
function plainAmount(text: string): string {
  return text
    .replace(/^(?:[A-Z]{2,3})?\s*\$\s*/i, "")
    .replace(/\s*(?:[A-Z]{3})$/i, "")
    .replace(/^(?:AUD|NZD|USD)\s*/i, "")
    .replace(/[,\s]/g, "");
}

/**
 * A price: null (no price; the site shows its no-price text) for an empty cell, 0, or a
 * price-on-application word; otherwise the amount.
 */
export function readPrice(raw: string): Read<number | null> {
  if (raw === "" || noPriceWords.has(squash(raw))) return { value: null };
  const text = plainAmount(raw);
  if (text.startsWith("-") && NUMBER.test(text.slice(1))) return { error: `expected 0 or more, got "${raw}"` };
  if (!NUMBER.test(text)) return { error: `expected a price such as 29990, $29,990, 25990 AUD or POA, got "${raw}"` };
  const amount = Number(text);
  return { value: amount === 0 ? null : amount };
}

export const KM_PER_MILE = 1.609344;

/**
 * An odometer reading in km, as the stock keeps it: "68,412", "45210 km", "52,000 mi" (miles
 * converted, rounded to the kilometre). A number without a unit is km.
 */
export function readOdometer(raw: string): Read<number | null> {
  if (raw === "") return { value: null };
  const match = /^(.*?)\s*(kms?|kilomet(?:re|er)s?|mi|miles?)?\.?$/i.exec(raw.trim());
  const text = (match?.[1] ?? raw).replace(/[,\s]/g, "");
  const unit = match?.[2] !== undefined && /^mi/i.test(match[2]) ? "mi" : "km";
  if (text.startsWith("-") && NUMBER.test(text.slice(1))) return { error: `expected 0 or more, got "${raw}"` };
  if (!NUMBER.test(text)) return { error: `expected a reading such as 68,412, 45210 km or 52,000 mi, got "${raw}"` };
  const reading = Number(text);
  return { value: unit === "mi" ? Math.round(reading * KM_PER_MILE) : reading };
}
