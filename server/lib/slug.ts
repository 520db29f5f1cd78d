// spec 001 §5: slug helper; spec 000 §9: make aliases normalised for search.
import transliterate from "slugify";

/**
 * Trim, lowercase, runs of non-alphanumerics to one hyphen, no leading or trailing hyphen; letters
 * with accents become their plain letters (Citroën → citroen, Škoda → skoda, Ø → o) through the
 * slugify package's character map. Punctuation becomes a break first, so the package never spells
 * symbols out ("&" stays a hyphen, not "and").
 */
export function slugify(text: string): string {
  const words = text.normalize("NFC").replace(/[^\p{L}\p{N}]+/gu, " ");
  return transliterate(words, { lower: true, strict: true, trim: true });
}

// spec 000 §9: Isuzu Ute → isuzu, GWM (and Haval) → gwm-haval, Suzuki Australia → suzuki,
// Mercedes-Benz, SsangYong/KGM. Keys are slugified make names.
const makeAliases: Readonly<Record<string, string>> = {
  "isuzu-ute": "isuzu",
  gwm: "gwm-haval",
  haval: "gwm-haval",
  "gwm-haval": "gwm-haval",
  "great-wall": "gwm-haval",
  "suzuki-australia": "suzuki",
  mercedes: "mercedes-benz",
  "mercedes-benz": "mercedes-benz",
  ssangyong: "ssangyong",
  "ssang-yong": "ssangyong",
  kgm: "ssangyong",
  "kgm-ssangyong": "ssangyong",
};

/** The search slug of a make name, after its alias. */
export function normaliseMake(name: string): string {
  const slug = slugify(name);
  return makeAliases[slug] ?? slug;
}
