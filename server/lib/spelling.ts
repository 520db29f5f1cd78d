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

// UPPER stays upper, Capitalised stays capitalised, anything else becomes lower case.
function matchCase(original: string, replacement: string): string {
  if (original === original.toUpperCase()) return replacement.toUpperCase();
  const first = original.charAt(0);
  if (first === first.toUpperCase()) return replacement.charAt(0).toUpperCase() + replacement.slice(1);
  return replacement;
}

/** Swap British spellings for US ones on en-US sites; other locales keep the text as written. */
export function localiseText(text: string, locale: Locale): string {
  if (locale !== "en-US") return text;
  return swapPatterns.reduce(
    (current, { us, pattern }) => current.replace(pattern, (_whole, stem: string, ending: string) => `${matchCase(stem, us)}${ending}`),
    text,
  );
}
