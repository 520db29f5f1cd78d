import { XMLValidator, type ValidationError } from "fast-xml-parser";
import { FeedError, feedMessages } from "./messages";
import { XmlScanner, type Element, type Tag } from "./xml-scanner";

/** One item of an XML feed: its element's local name, the line its start tag is on and its own text. */
export type XmlFeedItem = { name: string; line: number; text: string };

/**
 * The root element's local name, the XML declaration (if any) and the items, read once, one at a time.
 * Reading the items to the end checks the whole document: a syntax error anywhere throws a FeedError.
 */
export type XmlFeedOutline = { root: string; declaration: string; items: Iterable<XmlFeedItem> };

/** The validator's "(opened in line 2, col 5)", counted in the whole document rather than in one element. */
function shiftMessage(message: string, element: Element): string {
  return message.replace(/\(opened in line (\d+), col (\d+)\)/, (_, line: string, column: string) => {
    const first = Number(line) === 1;
    return `(opened in line ${Number(line) + element.line - 1}, col ${first ? Number(column) + element.column - 1 : column})`;
  });
}

function syntaxError(error: ValidationError["err"], element?: Element): FeedError {
  const line = element ? error.line + element.line - 1 : error.line;
  return new FeedError(feedMessages.xmlSyntax(line, element ? shiftMessage(error.msg, element) : error.msg));
}

/**
 * Whether the start of an element is malformed before the text runs out: an error other than the ones
 * the validator gives for elements left open at the end is the one the whole document would get.
 */
function malformedBeforeItsEnd(text: string): boolean {
  const valid = XMLValidator.validate(text);
  return valid !== true && !valid.err.msg.startsWith("Unclosed tag") && !valid.err.msg.startsWith("Invalid '[");
}

/**
 * A document read a chunk at a time and checked as XMLValidator checks a whole one: each child of the
 * feed's container (`<channel>`, `<feed>`, or whatever root a wrong document has) is validated alone
 * as it is read, and the skeleton around them (declaration, root and channel tags, text between items)
 * once at the end. The lines of both are the document's, so a refusal names the line the dealer opens.
 */
class XmlFeedReader {
  /** The skeleton's open elements as written (`a:feed`), for closing a skeleton checked before its end. */
  private readonly open: string[] = [];

  constructor(private readonly scanner: XmlScanner) {}

  next(): Tag | null {
    const tag = this.scanner.next();
    if (tag?.kind === "open") this.open.push(tag.rawName);
    else if (tag?.kind === "close") this.open.pop();
    return tag;
  }

  /** An element read whole and validated alone; throws the first syntax error in the document. */
  element(tag: Tag): Element {
    // The start tag `next` counted as open belongs to the element, not to the skeleton.
    if (tag.kind === "open") this.open.pop();
    const element = this.scanner.element(tag, malformedBeforeItsEnd);
    const valid = XMLValidator.validate(element.text);
    if (valid === true) return element;
    // An error in the skeleton before this element comes first in the document, so it is the one named.
    const closing = this.open
      .map((name) => `</${name}>`)
      .reverse()
      .join("");
    const before = XMLValidator.validate(this.scanner.skeleton(closing));
    throw before === true ? syntaxError(valid.err, element) : syntaxError(before.err);
  }

  /** Reads to the end of the document and validates its skeleton. */
  finish(): void {
    while (this.scanner.next() !== null);
    const valid = XMLValidator.validate(this.scanner.skeleton());
    if (valid !== true) throw syntaxError(valid.err);
  }
}

function* childItems(reader: XmlFeedReader, itemName: string | null): Generator<XmlFeedItem> {
  for (let tag = reader.next(); tag !== null && tag.kind !== "close"; tag = reader.next()) {
    const element = reader.element(tag);
    if (tag.name === itemName) yield { name: itemName, line: element.line, text: element.text };
  }
}

/** Atom's entries are the root's children; RSS 2.0's items are the children of its first <channel>. */
function* feedItems(reader: XmlFeedReader, root: Tag | null): Generator<XmlFeedItem> {
  if (root?.kind === "open" && root.name === "rss") {
    let channel = false;
    for (let tag = reader.next(); tag !== null && tag.kind !== "close"; tag = reader.next()) {
      if (tag.name === "channel" && !channel) {
        channel = true;
        if (tag.kind === "open") yield* childItems(reader, "item");
      } else reader.element(tag);
    }
  } else if (root?.kind === "open") yield* childItems(reader, root.name === "feed" ? "entry" : null);
  reader.finish();
}

/**
 * The items of an RSS 2.0 (`<rss><channel><item>`) or Atom (`<feed><entry>`) document, found one at a
 * time as its text arrives, without building a tree of the document or holding its text, each with
 * the line its start tag is on. The text before the root element is read at once, for its name.
 */
export function outlineXmlFeed(text: string | Iterable<string>): XmlFeedOutline {
  const scanner = new XmlScanner((typeof text === "string" ? [text] : text)[Symbol.iterator]());
  const reader = new XmlFeedReader(scanner);
  const root = reader.next();
  // The skeleton so far is the prolog and the root's start tag: a declaration can only open it.
  const declaration = /^\s*(<\?xml\s[^]*?\?>)/.exec(scanner.skeleton())?.[1] ?? "";
  return { root: root?.kind === "close" ? "" : (root?.name ?? ""), declaration, items: feedItems(reader, root) };
}
