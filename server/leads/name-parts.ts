/** A person's name as a dealer's CRM files it: first and last, or the whole name when it is one word. */
export type NameParts = { kind: "split"; first: string; last: string } | { kind: "full"; full: string };

/**
 * A single Name field is split at its last word — the last word is the last name, the rest
 * the first name ("Mary-Jane O'Brien" → "Mary-Jane" + "O'Brien"); one word stays whole.
 */
export function splitFullName(name: string): NameParts {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length < 2) return { kind: "full", full: words.join("") };
  return { kind: "split", first: words.slice(0, -1).join(" "), last: words[words.length - 1] };
}
