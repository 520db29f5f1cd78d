/**
 * Characters XML 1.0 cannot carry (§2.2 Char): C0 controls other than tab, LF and CR, the
 * non-characters U+FFFE and U+FFFF, and surrogates that are not half of a pair. One such character
 * in a message made the delivered ADF and a whole `leads:export --format adf` file unparseable, so
 * they are removed from every field at validation, before anything is stored.
 */
function isXmlChar(codePoint: number): boolean {
  if (codePoint < 0x20) return codePoint === 0x09 || codePoint === 0x0a || codePoint === 0x0d;
  if (codePoint >= 0xd800 && codePoint <= 0xdfff) return false; // a lone surrogate: pairs arrive as one code point
  return codePoint !== 0xfffe && codePoint !== 0xffff;
}

export function stripXmlInvalid(text: string): string {
  let out = "";
  // for…of walks code points, so a surrogate pair (an emoji) stays whole and a lone half shows up alone.
  for (const char of text) if (isXmlChar(char.codePointAt(0) ?? 0)) out += char;
  return out;
}

/** The same value with every string in it (object keys too) stripped; other values as they are. */
export function stripXmlInvalidDeep<T>(value: T): T {
  if (typeof value === "string") return stripXmlInvalid(value) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => stripXmlInvalidDeep(item)) as T;
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [stripXmlInvalid(key), stripXmlInvalidDeep(item)])) as T;
  }
  return value;
}
