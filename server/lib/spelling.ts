// spec 001 §9: locale en-AU, en-NZ or en-US with US spelling swaps.
import type { Locale } from "./format";

// British stem → US stem, and the word endings that may follow it.
const swaps: ReadonlyArray<{ gb: string; us: string; endings: string }> = [
  { gb: "colour", us: "color", endings: "s|ed|ful|ing|ation|ways" },
  { gb: "favour", us: "favor", endings: "s|ed|ite|ites|able|ing" },
  { gb: "tyre", us: "tire", endings: "s" },
  { gb: "centre", us: "center", endings: "s|d" },
  { gb: "licence", us: "license", endings: "s|d" },
  { gb: "organis", us: "organiz", endings: "e|ed|es|er|ers|ing|ation|ations" },
  { gb: "customis", us: "customiz", endings: "e|ed|es|ing|ation|ations" },
  { gb: "personalis", us: "personaliz", endings: "e|ed|es|ing|ation" },
  { gb: "catalogue", us: "catalog", endings: "s" },
  { gb: "enquir", us: "inquir", endings: "e|ed|es|ing|y|ies" },
  { gb: "aluminium", us: "aluminum", endings: "" },
  { gb: "litre", us: "liter", endings: "s" },
  { gb: "kilometre", us: "kilometer", endings: "s" },
  { gb: "metre", us: "meter", endings: "s" },
];

const swapPatterns = swaps.map((swap) => ({
  us: swap.us,
  pattern: new RegExp(`\\b(${swap.gb})(${swap.endings ? `(?:${swap.endings})?` : ""})\\b`, "gi"),
}));

/**
 * Australian words a US shopper would not use, whole words or phrases, applied after
 * the spelling swaps: Rego is the license plate, a ute a pickup, petrol gasoline (the stock's
 * "Petrol - Unleaded ULP" reads "Gasoline - Regular").
 */
const words: ReadonlyArray<{ au: string; us: string }> = [
  { au: "rego", us: "license plate" },
  { au: "utes", us: "pickups" },
  { au: "ute", us: "pickup" },
  { au: "unleaded ULP", us: "regular" },
  { au: "premium ULP", us: "premium" },
  { au: "ULP", us: "regular" },
  { au: "petrol", us: "gasoline" },
  { au: "postcode", us: "ZIP code" },
];

const wordPatterns = words.map((word) => ({ us: word.us, pattern: new RegExp(`\\b${word.au.replace(/ /g, "\\s+")}\\b`, "gi") }));

// UPPER stays upper, Capitalised stays capitalised, anything else becomes lower case.
function matchCase(original: string, replacement: string): string {
  if (original === original.toUpperCase()) return replacement.toUpperCase();
  const first = original.charAt(0);
  if (first === first.toUpperCase()) return replacement.charAt(0).toUpperCase() + replacement.slice(1);
  return replacement;
}

/** The case of a whole word or phrase: UPPER (of more than one letter) stays upper, a capital first letter stays. */
function matchWordCase(original: string, replacement: string): string {
  if (original.length > 1 && original === original.toUpperCase() && replacement === replacement.toLowerCase()) {
    // An acronym (ULP) is replaced by an ordinary word, written as the sentence needs it.
    return original === "ULP" ? replacement : replacement.toUpperCase();
  }
  const first = original.charAt(0);
  if (first === first.toUpperCase() && first !== first.toLowerCase()) return replacement.charAt(0).toUpperCase() + replacement.slice(1);
  return replacement;
}

/**
 * Swap British spellings and Australian words for US ones on en-US sites (spec 001 §9 "US
 * spelling swaps"); other locales keep the text as written. The one place these
 * swaps are defined: everything a US shopper reads passes through here.
 */
export function localiseText(text: string, locale: Locale): string {
  if (locale !== "en-US") return text;
  const spelled = swapPatterns.reduce(
    (current, { us, pattern }) => current.replace(pattern, (_whole, stem: string, ending: string) => `${matchCase(stem, us)}${ending}`),
    text,
  );
  return wordPatterns.reduce((current, { us, pattern }) => current.replace(pattern, (whole: string) => matchWordCase(whole, us)), spelled);
}

/** The finance words of a locale: US shoppers read APR and down payment, and no comparison rate. */
export type FinanceWords = { interestRate: string; comparisonRate: string | null; deposit: string; perAnnum: string };

export function financeWords(locale: Locale): FinanceWords {
  return locale === "en-US"
    ? { interestRate: "APR", comparisonRate: null, deposit: "Down payment", perAnnum: "" }
    : { interestRate: "Interest rate", comparisonRate: "Comparison rate", deposit: "Deposit", perAnnum: " p.a." };
}

/**
 * Words that must not reach a US shopper: the British spellings and Australian words
 * above, and the finance words US lenders don't use. The en-US walk test fails on any of them.
 */
export const BRITISH_FORMS =
  /\b(enquir\w*|colour\w*|favour\w*|tyres?|centres?|licence[sd]?|organis\w+|customis\w+|personalis\w+|catalogues?|aluminium|litres?|kilometres?|rego|utes?|petrol|ULP|postcode|comparison rate|p\.a\.)(?!\w)/i;
