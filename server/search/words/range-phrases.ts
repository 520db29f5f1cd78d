import { distanceInUnit, distanceToKm, type DistanceUnit } from "~/server/lib/format";
import type { Range } from "~/server/search/state";
import { readAmount, readRangeWord, type Amount } from "./amounts";

/**
 * Price, odometer, year and seat phrases: "under $40k", "less than 20000kms", "2020 onwards",
 * "between 20 and 30 grand", "$20-30k", "2019 to 2022", "7 seater". Each reader looks at the
 * words from one position and says what it read and how many words that took.
 */

export type RangeReading = { kind: "range"; attribute: "price" | "km" | "year"; range: Range; words: number };
export type SeatsReading = { kind: "seats"; seats: number; words: number };
export type PhraseReading = RangeReading | SeatsReading;

type Side = "max" | "min";

// Words before a number: which side of the range it bounds; for years, "after 2019" means 2020 on.
const leadWords: ReadonlyArray<{ words: readonly string[]; side: Side; yearShift?: number }> = [
  { words: ["less", "than"], side: "max" },
  { words: ["no", "more", "than"], side: "max" },
  { words: ["not", "more", "than"], side: "max" },
  { words: ["cheaper", "than"], side: "max" },
  { words: ["lower", "than"], side: "max" },
  { words: ["up", "to"], side: "max" },
  { words: ["at", "most"], side: "max" },
  { words: ["under"], side: "max" },
  { words: ["below"], side: "max" },
  { words: ["upto"], side: "max" },
  { words: ["max"], side: "max" },
  { words: ["maximum"], side: "max" },
  { words: ["within"], side: "max" },
  { words: ["before"], side: "max", yearShift: -1 },
  { words: ["older", "than"], side: "max", yearShift: -1 },
  { words: ["more", "than"], side: "min" },
  { words: ["greater", "than"], side: "min" },
  { words: ["at", "least"], side: "min" },
  { words: ["starting", "at"], side: "min" },
  { words: ["over"], side: "min" },
  { words: ["above"], side: "min" },
  { words: ["from"], side: "min" },
  { words: ["min"], side: "min" },
  { words: ["minimum"], side: "min" },
  { words: ["since"], side: "min" },
  { words: ["after"], side: "min", yearShift: 1 },
  { words: ["newer", "than"], side: "min", yearShift: 1 },
];

// Words after a number: "2020 or newer", "50,000 km or less".
const tailWords: ReadonlyArray<{ words: readonly string[]; side: Side }> = [
  { words: ["or", "newer"], side: "min" },
  { words: ["or", "later"], side: "min" },
  { words: ["and", "newer"], side: "min" },
  { words: ["and", "up"], side: "min" },
  { words: ["and", "above"], side: "min" },
  { words: ["or", "above"], side: "min" },
  { words: ["or", "more"], side: "min" },
  { words: ["and", "over"], side: "min" },
  { words: ["or", "over"], side: "min" },
  { words: ["onwards"], side: "min" },
  { words: ["onward"], side: "min" },
  { words: ["plus"], side: "min" },
  { words: ["newer"], side: "min" },
  { words: ["or", "older"], side: "max" },
  { words: ["or", "earlier"], side: "max" },
  { words: ["and", "older"], side: "max" },
  { words: ["or", "less"], side: "max" },
  { words: ["or", "under"], side: "max" },
  { words: ["and", "under"], side: "max" },
  { words: ["or", "below"], side: "max" },
  { words: ["or", "cheaper"], side: "max" },
];

const seatWords: ReadonlySet<string> = new Set(["seater", "seaters", "seat", "seats", "passenger", "passengers"]);
const rangeJoiners: ReadonlySet<string> = new Set(["to", "and", "till", "until"]);

function startsWith(words: readonly string[], at: number, phrase: readonly string[]): boolean {
  return phrase.every((word, offset) => words[at + offset] === word);
}

/** The attribute a number belongs to: a unit makes it the odometer, money the price, four plain digits a year. */
function attributeOf(amount: Amount): RangeReading["attribute"] {
  if (amount.unit !== null) return "km";
  if (amount.money) return "price";
  return amount.yearLike ? "year" : "price";
}

/** An odometer number in the site's unit (spec 000 §1), whatever unit the shopper wrote. */
function inSiteUnit(amount: Amount, unit: DistanceUnit): number {
  if (amount.unit === null || amount.unit === unit) return amount.value;
  return Math.round(unit === "km" ? distanceToKm(amount.value, "mi") : distanceInUnit(amount.value, "mi"));
}

function bound(amount: Amount, attribute: RangeReading["attribute"], unit: DistanceUnit): number {
  return attribute === "km" ? inSiteUnit(amount, unit) : amount.value;
}

function oneSided(amount: Amount, side: Side, words: number, unit: DistanceUnit, yearShift = 0): RangeReading {
  const attribute = attributeOf(amount);
  const value = bound(amount, attribute, unit) + (attribute === "year" ? yearShift : 0);
  return { kind: "range", attribute, range: side === "max" ? { max: value } : { min: value }, words };
}

/** Both ends of "X to Y": a unit or money on either end counts for both ("20 to 30k" is $20,000–$30,000). */
function twoSided(low: Amount, high: Amount, words: number, unit: DistanceUnit): RangeReading {
  const shared = { ...low, unit: low.unit ?? high.unit, money: low.money || high.money };
  const lowAmount =
    !low.money && high.money && low.value * 1000 <= high.value && low.value < 1000 ? { ...shared, value: low.value * 1000 } : shared;
  const highAmount = { ...high, unit: high.unit ?? low.unit, money: shared.money };
  const attribute = attributeOf(lowAmount.unit !== null || lowAmount.money ? lowAmount : highAmount);
  const [min, max] = [bound(lowAmount, attribute, unit), bound(highAmount, attribute, unit)].sort((a, b) => a - b);
  return { kind: "range", attribute, range: { min, max }, words };
}

function readTail(words: readonly string[], at: number): { side: Side; words: number } | null {
  const tail = tailWords.find((candidate) => startsWith(words, at, candidate.words));
  return tail ? { side: tail.side, words: tail.words.length } : null;
}

/** A number with what follows it: "2020+", "2020 onwards", "X to Y", "7 seater", a bare "$40k" or "2021". */
function readFromNumber(words: readonly string[], at: number, unit: DistanceUnit): PhraseReading | null {
  const pair = readRangeWord(words[at] ?? "");
  if (pair) return twoSided(pair.low, pair.high, 1, unit);
  const amount = readAmount(words, at);
  if (!amount) return null;
  const next = at + amount.words;
  if (seatWords.has(words[next] ?? "") && amount.value >= 2 && amount.value <= 60 && Number.isInteger(amount.value)) {
    return { kind: "seats", seats: amount.value, words: amount.words + 1 };
  }
  if (amount.plus) return oneSided(amount, "min", amount.words, unit);
  const tail = readTail(words, next);
  if (tail) return oneSided(amount, tail.side, amount.words + tail.words, unit);
  if (rangeJoiners.has(words[next] ?? "") && words[next] !== "and") {
    const high = readAmount(words, next + 1);
    if (high) return twoSided(amount, high, amount.words + 1 + high.words, unit);
  }
  // A bare price is a budget; a bare odometer reading a limit; a bare year that year.
  if (amount.unit !== null || amount.money) return oneSided(amount, "max", amount.words, unit);
  if (amount.yearLike) return { kind: "range", attribute: "year", range: { min: amount.value, max: amount.value }, words: 1 };
  return null;
}

/** The price, odometer, year or seats phrase starting at `at`, or null. */
export function readPhrase(words: readonly string[], at: number, unit: DistanceUnit): PhraseReading | null {
  if (words[at] === "between") {
    const low = readAmount(words, at + 1);
    const joiner = low ? at + 1 + low.words : -1;
    const high = low && rangeJoiners.has(words[joiner] ?? "") ? readAmount(words, joiner + 1) : null;
    if (low && high) return twoSided(low, high, 2 + low.words + high.words, unit);
    const pair = readRangeWord(words[at + 1] ?? "");
    return pair ? twoSided(pair.low, pair.high, 2, unit) : null;
  }
  const lead = leadWords.find((candidate) => startsWith(words, at, candidate.words));
  if (lead) {
    const from = at + lead.words.length;
    const pair = readRangeWord(words[from] ?? "");
    if (pair) return twoSided(pair.low, pair.high, lead.words.length + 1, unit);
    const amount = readAmount(words, from);
    if (!amount) return null;
    // "from 2019 to 2022"
    const joiner = from + amount.words;
    const high = lead.side === "min" && rangeJoiners.has(words[joiner] ?? "") ? readAmount(words, joiner + 1) : null;
    if (high) return twoSided(amount, high, lead.words.length + amount.words + 1 + high.words, unit);
    return oneSided(amount, lead.side, lead.words.length + amount.words, unit, lead.yearShift);
  }
  return readFromNumber(words, at, unit);
}
