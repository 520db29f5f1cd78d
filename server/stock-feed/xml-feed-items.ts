/** One item of an XML feed: its element's local name, the line its start tag is on and its own text. */
export type XmlFeedItem = { name: string; line: number; text: string };

/** The root element's local name, the XML declaration (if any) and the items, read once, one at a time. */
export type XmlFeedOutline = { root: string; declaration: string; items: Iterable<XmlFeedItem> };

type Tag = { kind: "open" | "empty" | "close"; name: string; start: number; end: number };

const LT = 0x3c;
const GT = 0x3e;
const BANG = 0x21;
const QUESTION = 0x3f;
const SLASH = 0x2f;
const DOUBLE_QUOTE = 0x22;
const SINGLE_QUOTE = 0x27;

// fast-xml-parser's removeNSPrefix: <g:item> and <item> are one element.
function localName(name: string): string {
  const colon = name.indexOf(":");
  return colon === -1 ? name : name.slice(colon + 1);
}

function isSpace(code: number): boolean {
  return code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d;
}

/**
 * Walks the tags of a document the validator has passed, stepping over comments, CDATA sections,
 * processing instructions and the DOCTYPE, so a `</item>` inside CDATA or a comment never ends an item.
 */
class TagCursor {
  at = 0;
  private lineStart = 0;
  private line = 1;

  constructor(private readonly text: string) {}

  /** The next start, empty or end tag, or null at the end of the text. */
  next(): Tag | null {
    const text = this.text;
    for (;;) {
      const start = text.indexOf("<", this.at);
      if (start === -1) return this.finish();
      const second = text.charCodeAt(start + 1);
      if (second === QUESTION) {
        this.at = this.past(start + 2, "?>");
      } else if (second === BANG) {
        this.at = this.pastDeclaration(start);
      } else if (second === SLASH) {
        const end = text.indexOf(">", start);
        if (end === -1) return this.finish();
        this.at = end + 1;
        return { kind: "close", name: localName(text.slice(start + 2, end).trim()), start, end: end + 1 };
      } else {
        const end = this.tagEnd(start + 1);
        if (end === -1) return this.finish();
        this.at = end + 1;
        let nameEnd = start + 1;
        while (nameEnd < end && !isSpace(text.charCodeAt(nameEnd)) && text.charCodeAt(nameEnd) !== SLASH) nameEnd++;
        const kind = text.charCodeAt(end - 1) === SLASH ? "empty" : "open";
        return { kind, name: localName(text.slice(start + 1, nameEnd)), start, end: end + 1 };
      }
    }
  }

  /** Moves past the element an open tag starts, nested ones and all. */
  skip(tag: Tag): void {
    if (tag.kind !== "open") return;
    for (let depth = 1; depth > 0;) {
      const inner = this.next();
      if (inner === null) return;
      if (inner.kind === "open") depth++;
      else if (inner.kind === "close") depth--;
    }
  }

  /** The line a position is on; positions are asked for in document order, so each newline is counted once. */
  lineOf(position: number): number {
    for (let newline = this.text.indexOf("\n", this.lineStart); newline !== -1 && newline < position;) {
      this.line++;
      this.lineStart = newline + 1;
      newline = this.text.indexOf("\n", this.lineStart);
    }
    return this.line;
  }

  private finish(): null {
    this.at = this.text.length;
    return null;
  }

  private past(from: number, terminator: string): number {
    const end = this.text.indexOf(terminator, from);
    return end === -1 ? this.text.length : end + terminator.length;
  }

  /** A comment, a CDATA section, or a DOCTYPE (whose internal subset nests `<…>`, counted as the validator counts it). */
  private pastDeclaration(start: number): number {
    const text = this.text;
    if (text.startsWith("<!--", start)) return this.past(start + 4, "-->");
    if (text.startsWith("<![CDATA[", start)) return this.past(start + 9, "]]>");
    let depth = 1;
    for (let at = start + 2; at < text.length; at++) {
      const code = text.charCodeAt(at);
      if (code === LT) depth++;
      else if (code === GT && --depth === 0) return at + 1;
    }
    return text.length;
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

function* childItems(cursor: TagCursor, text: string, itemName: string): Generator<XmlFeedItem> {
  for (let tag = cursor.next(); tag !== null && tag.kind !== "close"; tag = cursor.next()) {
    cursor.skip(tag);
    if (tag.name === itemName) yield { name: itemName, line: cursor.lineOf(tag.start), text: text.slice(tag.start, cursor.at) };
  }
}

/** Atom's entries are the root's children; RSS 2.0's items are the children of its first <channel>. */
function* feedItems(cursor: TagCursor, text: string, root: Tag): Generator<XmlFeedItem> {
  if (root.kind !== "open") return;
  if (root.name === "feed") yield* childItems(cursor, text, "entry");
  if (root.name !== "rss") return;
  for (let tag = cursor.next(); tag !== null && tag.kind !== "close"; tag = cursor.next()) {
    if (tag.name === "channel") {
      if (tag.kind === "open") yield* childItems(cursor, text, "item");
      return;
    }
    cursor.skip(tag);
  }
}

/**
 * The items of an RSS 2.0 (`<rss><channel><item>`) or Atom (`<feed><entry>`) document, found one at a
 * time without building a tree of the whole document, each with the line its start tag is on. Only a
 * document that has passed XMLValidator is outlined: well-formedness is the validator's to judge.
 */
export function outlineXmlFeed(text: string): XmlFeedOutline {
  const cursor = new TagCursor(text);
  const root = cursor.next();
  const rootStart = root?.start ?? text.length;
  const declaration = /^\s*(<\?xml\s[^]*?\?>)/.exec(text.slice(0, rootStart))?.[1] ?? "";
  return { root: root?.name ?? "", declaration, items: root === null ? [] : feedItems(cursor, text, root) };
}
