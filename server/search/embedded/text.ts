/** Lowercase, accents removed: "Citroën" and "citroen" are the same word, as in Meilisearch. */
export function normalizeText(text: string): string {
  // Most stock text is ASCII, which has no accents to strip.
  // eslint-disable-next-line no-control-regex -- the whole ASCII range, control characters included
  if (/^[\x00-\x7f]*$/.test(text)) return text.toLowerCase();
  return text
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase();
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
  while (mismatch < word.length && mismatch < term.length && word.charCodeAt(mismatch) === term.charCodeAt(mismatch)) mismatch += 1;
  return (
    restMatches(word, mismatch + 1, term, mismatch) || // a letter too many in the word
    (term.length >= word.length && restMatches(word, mismatch + 1, term, mismatch + 1)) || // a wrong letter
    restMatches(word, mismatch, term, mismatch + 1) // a letter missing from the word
  );
}

/** term.startsWith(word.slice(wordFrom), termFrom) without allocating: this runs over the whole vocabulary. */
function restMatches(word: string, wordFrom: number, term: string, termFrom: number): boolean {
  if (termFrom + word.length - wordFrom > term.length) return false;
  for (let i = wordFrom; i < word.length; i++) {
    if (word.charCodeAt(i) !== term.charCodeAt(termFrom + i - wordFrom)) return false;
  }
  return true;
}

/**
 * True when one substitution, insertion or deletion turns `word` into `term` (the whole word, not a
 * prefix): the same one-typo rule applied to a finished word, as the keyword interpreter reads them.
 */
export function withinOneEdit(word: string, term: string): boolean {
  const difference = word.length - term.length;
  if (difference > 1 || difference < -1) return false;
  let mismatch = 0;
  while (mismatch < word.length && mismatch < term.length && word.charCodeAt(mismatch) === term.charCodeAt(mismatch)) mismatch += 1;
  if (mismatch === word.length && mismatch === term.length) return true;
  // The lengths differ by at most one, so a matching rest is the whole rest.
  if (difference === 1) return restMatches(word, mismatch + 1, term, mismatch);
  if (difference === -1) return restMatches(word, mismatch, term, mismatch + 1);
  return restMatches(word, mismatch + 1, term, mismatch + 1);
}
