import { numberWords } from "./word-tables";

/**
 * Numbers as shoppers type them: "40000", "40k", "$40k", "40.5k", "40 grand", "20000kms",
 * "30k miles", "2020+". Pure readers over the query's words; each returns how many words it used.
 */

export type DistanceWord = "km" | "mi";

/** One number read from the words at a position. */
export type Amount = {
  value: number;
  /** Written as money: a $ sign, or thousands ("k", "grand"). */
  money: boolean;
  /** An odometer unit came with it. */
  unit: DistanceWord | null;
  /** Four plain digits in the range a model year can take (1900–2100), no money or unit. */
  yearLike: boolean;
  /** Followed by "+" ("2020+"). */
  plus: boolean;
  words: number;
};

const numberToken = /^(\$)?(\d{1,12}(?:\.\d{1,4})?)(k|grand|thousand)?(kms?|kilomet(?:re|er)s?|mi|miles?)?(\+)?$/;
const unitWords: Readonly<Record<string, DistanceWord>> = {
  km: "km",
  kms: "km",
  kilometre: "km",
  kilometres: "km",
  kilometer: "km",
  kilometers: "km",
  mi: "mi",
  mile: "mi",
  miles: "mi",
};
const thousandWords: ReadonlySet<string> = new Set(["k", "grand", "thousand"]);

function unitOf(text: string | undefined): DistanceWord | null {
  if (text === undefined) return null;
  return text.startsWith("k") ? "km" : "mi";
}

/** The number at `at` with the words that qualify it ("40 grand", "50,000 km" — commas are gone by now). */
export function readAmount(words: readonly string[], at: number): Amount | null {
  const word = words[at];
  if (word === undefined) return null;
  const small = numberWords[word];
  if (small !== undefined) return { value: small, money: false, unit: null, yearLike: false, plus: false, words: 1 };
  const match = numberToken.exec(word);
  if (!match) return null;
  const [, dollar, digits, thousands, unitText, plus] = match;
  let value = Number(digits);
  let used = 1;
  let money = dollar !== undefined;
  let isThousands = thousands !== undefined;
  let unit = unitOf(unitText);
  const next = words[at + 1];
  if (!isThousands && unit === null && next !== undefined && thousandWords.has(next)) {
    isThousands = true;
    used += 1;
  }
  if (isThousands) {
    value *= 1000;
    money = money || unit === null;
  }
  const after = words[at + used];
  if (unit === null && after !== undefined && unitWords[after] !== undefined) {
    unit = unitWords[after];
    used += 1;
  }
  if (unit !== null) money = dollar !== undefined;
  if (!Number.isFinite(value)) return null;
  const yearLike = !money && unit === null && !isThousands && /^\d{4}$/.test(digits) && value >= 1900 && value <= 2100;
  return { value: Math.round(value * 100) / 100, money, unit, yearLike, plus: plus !== undefined, words: used };
}

const rangeToken = /^(\$)?(\d{1,12}(?:\.\d{1,4})?)(k)?-(\$)?(\d{1,12}(?:\.\d{1,4})?)(k)?$/;

/** "$20-30k", "20k-30k", "2019-2022" as one word: [low, high], thousands applied to both when only the high has it. */
export function readRangeWord(word: string): { low: Amount; high: Amount } | null {
  const match = rangeToken.exec(word);
  if (!match) return null;
  const [, lowDollar, lowDigits, lowK, highDollar, highDigits, highK] = match;
  const thousands = highK !== undefined;
  const money = lowDollar !== undefined || highDollar !== undefined || lowK !== undefined || thousands;
  const amount = (digits: string, k: boolean): Amount => {
    const value = Number(digits) * (k ? 1000 : 1);
    const yearLike = !money && /^\d{4}$/.test(digits) && value >= 1900 && value <= 2100;
    return { value, money, unit: null, yearLike, plus: false, words: 1 };
  };
  return { low: amount(lowDigits, lowK !== undefined || thousands), high: amount(highDigits, thousands) };
}
