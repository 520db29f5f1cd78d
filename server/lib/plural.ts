// spec 000 §9, spec 001 §9: plural rules for bus, hatch, SUV, utility; otherwise add "s".

type PluralRule = { matches: RegExp; plural: (word: string) => string };

const rules: readonly PluralRule[] = [
  { matches: /^bus$/i, plural: (word) => `${word}${suffixCase(word, "es")}` },
  { matches: /^hatch$/i, plural: (word) => `${word}${suffixCase(word, "es")}` },
  { matches: /^suv$/i, plural: (word) => `${word}s` },
  { matches: /^utility$/i, plural: (word) => `${word.slice(0, -1)}${suffixCase(word, "ies")}` },
];

function suffixCase(word: string, suffix: string): string {
  return word === word.toUpperCase() ? suffix.toUpperCase() : suffix;
}

export function plural(word: string): string {
  const rule = rules.find((candidate) => candidate.matches.test(word));
  return rule ? rule.plural(word) : `${word}${suffixCase(word, "s")}`;
}

/** The word for a count: singular for 1 (or -1), plural otherwise, 0 included. */
export function pluralise(word: string, count: number): string {
  return Math.abs(count) === 1 ? word : plural(word);
}
