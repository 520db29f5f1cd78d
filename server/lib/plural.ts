import { formatCount } from "./format";

// spec 000 §9, spec 001 §9: plural rules for bus, hatch, SUV, utility; otherwise add "s".
// A phrase takes the plural of its last word: "School Bus" → "School Buses".

type PluralRule = { matches: RegExp; plural: (word: string) => string };

const rules: readonly PluralRule[] = [
  { matches: /^bus$/i, plural: (word) => `${word}${suffixCase(word, "es")}` },
  { matches: /^hatch$/i, plural: (word) => `${word}${suffixCase(word, "es")}` },
  { matches: /^suv$/i, plural: (word) => `${word}s` },
  { matches: /^utility$/i, plural: (word) => `${word.slice(0, -1)}${suffixCase(word, "ies")}` },
  // Not in the spec's list, but a body type: "Cab Chassis for Sale", never "Cab Chassiss".
  { matches: /^chassis$/i, plural: (word) => word },
];

function suffixCase(word: string, suffix: string): string {
  return word === word.toUpperCase() ? suffix.toUpperCase() : suffix;
}

function pluralWord(word: string): string {
  const rule = rules.find((candidate) => candidate.matches.test(word));
  return rule ? rule.plural(word) : `${word}${suffixCase(word, "s")}`;
}

export function plural(phrase: string): string {
  const split = phrase.match(/^(.*\s)?(\S+)$/);
  if (!split) return phrase;
  return `${split[1] ?? ""}${pluralWord(split[2]!)}`;
}

/** The count and the word for it: "1 day", "3 days", "1,204 reviews". */
export function countOf(count: number, word: string): string {
  return `${formatCount(count)} ${pluralise(word, count)}`;
}

/** The word for a count: singular for 1 (or -1), plural otherwise, 0 included. */
export function pluralise(word: string, count: number): string {
  return Math.abs(count) === 1 ? word : plural(word);
}
