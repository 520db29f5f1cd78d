/** Text as a page shows it: the entities React writes for ' " < > and & read back. */
export function decodeHtml(text: string): string {
  return text
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

/** The conversation an /assistant page carries in its hidden transcript field (JSON; "[]" when none). */
export function transcriptOf(html: string): string {
  const match = /name="transcript" value="([^"]*)"/.exec(html);
  return (match?.[1] ?? "[]")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">");
}

/**
 * The href of the first link carrying `data-testid="<testId>"`, as written (entities kept), whatever
 * order its attributes are in: a Remix <Link> writes href after the other attributes.
 */
export function linkHref(html: string, testId: string): string | undefined {
  const tag = new RegExp(`<a [^>]*data-testid="${testId}"[^>]*>`).exec(html)?.[0];
  return tag === undefined ? undefined : /\shref="([^"]*)"/.exec(tag)?.[1];
}
