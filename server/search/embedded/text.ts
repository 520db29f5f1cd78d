/** Lowercase, accents removed: "Citroën" and "citroen" are the same word, as in Meilisearch. */
export function normalizeText(text: string): string {
  return text.normalize("NFD").replace(/\p{M}+/gu, "").toLowerCase();
}

/** Words of a text: runs of letters and digits ("CX-5" gives "cx" and "5"). */
export function tokenize(text: string): string[] {
  return normalizeText(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0);
}

/** How a query word matches an indexed term: prefix (0 typos, `exact` when the whole term) or one typo. */
export type WordMatch = { typos: 0 | 1; exact: boolean };

/**
 * True when one substitution, insertion or deletion turns `word` into a prefix of `term`.
 * Assumes `term` does not already start with `word`; one edit can always be placed at the first mismatch.
 */
export function withinOneEditOfPrefix(word: string, term: string): boolean {
  let mismatch = 0;
  while (mismatch < word.length && mismatch < term.length && word[mismatch] === term[mismatch]) mismatch += 1;
  const rest = word.slice(mismatch + 1);
  if (term.startsWith(rest, mismatch)) return true; // a letter too many in the word
  if (term.length >= word.length && term.startsWith(rest, mismatch + 1)) return true; // a wrong letter
  return term.startsWith(word.slice(mismatch), mismatch + 1); // a letter missing from the word
}
