// spec 001 §5: slug helper (make aliases are server/search/makes.ts).
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
