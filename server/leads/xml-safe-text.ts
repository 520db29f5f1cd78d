/**
 * Characters XML 1.0 cannot carry at all: C0 controls except tab, LF and CR, U+FFFE, U+FFFF and lone
 * surrogates. One U+000B in a message made the delivered ADF and the whole export unparseable.
 */
const XML_INVALID =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** The text without the characters XML cannot carry. */
export function xmlSafeText(value: string): string {
  return value.replace(XML_INVALID, "");
}
