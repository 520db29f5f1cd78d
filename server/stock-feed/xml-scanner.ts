import { Buffer } from "node:buffer";

/** A start, empty or end tag: its local name, its name as written, and where it is in the scanner's window. */
export type Tag = { kind: "open" | "empty" | "close"; name: string; rawName: string; start: number; end: number };

/** An element read whole: the line and column its start tag is on, and its text. */
export type Element = { line: number; column: number; text: string };

const LT = 0x3c;
const GT = 0x3e;
const BANG = 0x21;
const QUESTION = 0x3f;
const SLASH = 0x2f;
const DOUBLE_QUOTE = 0x22;
const SINGLE_QUOTE = 0x27;
// "<![CDATA[": a token is classified only once this much of it (or the end of the text) is in the window.
const LONGEST_OPENER = 9;

// fast-xml-parser's removeNSPrefix: <g:item> and <item> are one element.
function localName(name: string): string {
  const colon = name.indexOf(":");
  return colon === -1 ? name : name.slice(colon + 1);
}

function isSpace(code: number): boolean {
  return code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d;
}

/**
 * A copy of a string that shares no memory with the text it was cut from. V8 keeps a slice of 13
 * characters or more as a view of its parent, so one description kept from a row would keep its
 * whole 1 MB window alive, and the rows of a feed would hold the whole feed's text.
 */
export function detached(text: string): string {
  return text.length < 13 ? text : Buffer.from(text, "utf8").toString("utf8");
}

/**
 * Walks the tags of an XML text that arrives in chunks, stepping over comments, CDATA sections,
 * processing instructions and the DOCTYPE, so a `</item>` inside CDATA or a comment never ends an item.
 * Only a window of the text is held: what the scanner has passed is dropped when the next chunk is read,
 * except an element being read whole (`element`). Everything outside those elements is kept as the
 * document's skeleton, each element replaced by its newlines so the skeleton's lines are the document's.
 */
export class XmlScanner {
  /** The text from the oldest position still needed to the end of the last chunk read. */
  private text = "";
  private at = 0;
  /** Start of the element being read whole, which the window keeps; -1 when none is. */
  private keep = -1;
  private ended = false;
  private line = 1;
  /** Where the line `line` starts in the window; below 0 once that start has been dropped. */
  private lineStart = 0;
  /** Where the skeleton text not yet copied into `skeletonPieces` starts; -1 inside an element read whole. */
  private skeletonFrom = 0;
  private readonly skeletonPieces: string[] = [];

  constructor(private readonly chunks: Iterator<string>) {}

  /** The next start, empty or end tag, or null at the end of the text. */
  next(): Tag | null {
    for (;;) {
      const start = this.text.indexOf("<", this.at);
      const end = start === -1 ? -1 : this.tokenEnd(start);
      if (end === -1) {
        this.at = start === -1 ? this.text.length : start;
        if (this.more()) continue;
        this.at = this.text.length;
        return null;
      }
      this.at = end;
      const second = this.text.charCodeAt(start + 1);
      if (second === QUESTION || second === BANG) continue;
      // XMLValidator reads "</item/>" as an empty tag, not as an end tag: so does the scanner.
      const empty = this.text.charCodeAt(end - 2) === SLASH;
      if (second === SLASH && !empty) {
        const rawName = this.text.slice(start + 2, end - 1).trim();
        return { kind: "close", name: localName(rawName), rawName, start, end };
      }
      let nameEnd = start + 1;
      while (nameEnd < end - 1 && !isSpace(this.text.charCodeAt(nameEnd)) && this.text.charCodeAt(nameEnd) !== SLASH) nameEnd++;
      const rawName = this.text.slice(start + 1, nameEnd);
      return { kind: empty ? "empty" : "open", name: localName(rawName), rawName, start, end };
    }
  }

  /**
   * The element a start or empty tag (the last one `next` returned) begins, read to its end tag, nested
   * elements and all; its text leaves the skeleton, where only its newlines stay. At the end of the
   * text, an unfinished element is what there is of it.
   */
  element(tag: Tag, brokenBy: (text: string) => boolean): Element {
    const line = this.lineOf(tag.start);
    const column = tag.start - this.lineStart + 1;
    this.flushSkeleton(tag.start);
    this.skeletonFrom = -1;
    this.keep = tag.start;
    // An end tag that does not close the innermost open element ends the element there if `brokenBy`
    // finds the text so far malformed, so an item missing its end tag is not read on to the feed's end.
    // If not, the validator did not read that tag as an end tag, and neither does the scanner; names
    // are then no longer compared, since checking the text again at each such tag could be quadratic.
    const open = tag.kind === "open" ? [tag.rawName] : [];
    let compare = true;
    while (open.length > 0) {
      const inner = this.next();
      if (inner === null) break;
      if (inner.kind === "open") open.push(inner.rawName);
      else if (inner.kind === "close") {
        const innermost = open.pop();
        if (!compare || inner.rawName === innermost || innermost === undefined) continue;
        if (brokenBy(this.text.slice(this.keep, this.at))) break;
        open.push(innermost);
        compare = false;
      }
    }
    const text = this.text.slice(this.keep, this.at);
    const newlines = this.lineOf(this.at) - line;
    if (newlines > 0) this.skeletonPieces.push("\n".repeat(newlines));
    this.skeletonFrom = this.at;
    this.keep = -1;
    return { line, column, text };
  }

  /** Everything outside the elements read whole, up to where the scanner is; `closing` is appended. */
  skeleton(closing = ""): string {
    const pending = this.skeletonFrom === -1 ? "" : this.text.slice(this.skeletonFrom, this.at);
    return this.skeletonPieces.join("") + pending + closing;
  }

  /** The line a position is on; positions are asked for in document order, so each newline is counted once. */
  private lineOf(position: number): number {
    for (let newline = this.text.indexOf("\n", Math.max(this.lineStart, 0)); newline !== -1 && newline < position;) {
      this.line++;
      this.lineStart = newline + 1;
      newline = this.text.indexOf("\n", this.lineStart);
    }
    return this.line;
  }

  private flushSkeleton(to: number): void {
    if (this.skeletonFrom !== -1 && to > this.skeletonFrom) this.skeletonPieces.push(detached(this.text.slice(this.skeletonFrom, to)));
    if (this.skeletonFrom !== -1) this.skeletonFrom = to;
  }

  /** Reads the next chunk, dropping what no longer needs keeping; false at the end of the text. */
  private more(): boolean {
    if (this.ended) return false;
    const chunk = this.chunks.next();
    if (chunk.done === true) {
      this.ended = true;
      // The last token may have waited for lookahead that will never come: scanned again now that the end is known.
      return true;
    }
    const drop = this.keep === -1 ? this.at : Math.min(this.keep, this.at);
    this.lineOf(drop);
    this.flushSkeleton(drop);
    this.text = this.text.slice(drop) + chunk.value;
    this.at -= drop;
    this.lineStart -= drop;
    if (this.keep !== -1) this.keep -= drop;
    if (this.skeletonFrom !== -1) this.skeletonFrom -= drop;
    return true;
  }

  /** Just past the token that starts at `start`, or -1 when its end is not in the window (yet). */
  private tokenEnd(start: number): number {
    const text = this.text;
    if (!this.ended && text.length - start < LONGEST_OPENER) return -1;
    const second = text.charCodeAt(start + 1);
    if (second === QUESTION) return this.past(start + 2, "?>");
    if (second === BANG) {
      if (text.startsWith("<!--", start)) return this.past(start + 4, "-->");
      if (text.startsWith("<![CDATA[", start)) return this.past(start + 9, "]]>");
      return this.pastDoctype(start);
    }
    if (second === SLASH) {
      const end = text.indexOf(">", start);
      return end === -1 ? -1 : end + 1;
    }
    const end = this.tagEnd(start + 1);
    return end === -1 ? -1 : end + 1;
  }

  private past(from: number, terminator: string): number {
    const end = this.text.indexOf(terminator, from);
    return end === -1 ? -1 : end + terminator.length;
  }

  /** A DOCTYPE, whose internal subset nests `<…>`, counted as XMLValidator counts it. */
  private pastDoctype(start: number): number {
    const text = this.text;
    let depth = 1;
    for (let at = start + 2; at < text.length; at++) {
      const code = text.charCodeAt(at);
      if (code === LT) depth++;
      else if (code === GT && --depth === 0) return at + 1;
    }
    return -1;
  }

  /** The `>` that ends a start tag, skipping quoted attribute values (which may hold `>`); -1 if none. */
  private tagEnd(from: number): number {
    const text = this.text;
    for (let at = from; at < text.length; at++) {
      const code = text.charCodeAt(at);
      if (code === DOUBLE_QUOTE || code === SINGLE_QUOTE) {
        at = text.indexOf(text[at], at + 1);
        if (at === -1) return -1;
      } else if (code === GT) return at;
    }
    return -1;
  }
}
