import { XMLParser } from "fast-xml-parser";
import { FeedError, feedMessages } from "./messages";
import type { PlatformItem } from "./platform-feed";
import { outlineXmlFeed, type XmlFeedItem } from "./xml-feed-items";
import { detached } from "./xml-scanner";

type XmlNode = string | { [name: string]: XmlNode[] | string };

// Every element an array (an item with one additional_image_link and one with five read alike),
// values kept as text (a stock number "00123" stays "00123"), namespace prefixes dropped so
// <g:id> and <id> are one field. Attributes are read for Atom's <link href="…">. No callback reads
// the element's path, so the parser is not asked to spell it out for each tag (jPath: false).
const parser = () =>
  new XMLParser({
    removeNSPrefix: true,
    parseTagValue: false,
    parseAttributeValue: false,
    ignoreAttributes: false,
    attributeNamePrefix: "@",
    trimValues: true,
    processEntities: true,
    isArray: () => true,
    jPath: false,
  });

/**
 * Leaf texts of an item by element name; nested ones (vehicle_fulfillment's store_code) after the item's own.
 * Each is copied out of the feed's text, so the rows kept do not keep the text they were read from.
 */
function collect(node: Record<string, XmlNode[] | string>, fields: Map<string, string[]>, depth: number): void {
  const nested: Array<Record<string, XmlNode[] | string>> = [];
  for (const [rawName, children] of Object.entries(node)) {
    if (rawName.startsWith("@") || !Array.isArray(children)) continue;
    const name = rawName.toLowerCase();
    for (const child of children) {
      if (typeof child === "string") {
        if (depth > 0 && fields.has(name)) continue;
        fields.set(name, [...(fields.get(name) ?? []), detached(child)]);
      } else if (child["#text"] !== undefined) {
        const text = child["#text"];
        fields.set(name, [...(fields.get(name) ?? []), detached(typeof text === "string" ? text : String(text[0] ?? ""))]);
      } else nested.push(child as Record<string, XmlNode[] | string>);
    }
  }
  for (const child of nested) collect(child, fields, depth + 1);
}

function* platformItems(items: Iterable<XmlFeedItem>, declaration: string): Generator<PlatformItem> {
  const reader = parser();
  // An XML 1.1 document's character references read as 1.1 only when the parser sees its declaration;
  // 1.0 is the parser's default, so a 1.0 declaration is not parsed again for every item. The DOCTYPE
  // is left out: parsing each item alone with it would reset the parser's entity expansion limits per item.
  const prefix = /version\s*=\s*["']1\.0["']/.test(declaration) ? "" : declaration;
  for (const item of items) {
    const parsed = reader.parse(prefix + item.text) as Record<string, XmlNode[]>;
    const node = parsed[item.name]?.[0];
    const fields = new Map<string, string[]>();
    if (typeof node === "object") collect(node, fields, 0);
    yield { line: item.line, fields };
  }
}

/**
 * Google's vehicle ads feed as XML: RSS 2.0 (<rss><channel><item>) or Atom (<feed><entry>) with
 * the g: namespace, its text in chunks. Each item is checked and parsed alone as it is read, so a
 * 50 MB feed is never held as one text or one parsed tree. Any syntax error refuses the whole file,
 * naming its line, when the reading reaches it: the rows read before it are thrown away with it.
 */
export function* readGoogleXml(text: Iterable<string>): Generator<PlatformItem> {
  const outline = outlineXmlFeed(text);
  if (outline.root !== "rss" && outline.root !== "feed") {
    // A syntax error anywhere is named before a wrong root, as when the whole text was validated first.
    for (const item of outline.items) void item;
    throw new FeedError(feedMessages.xmlRoot(outline.root));
  }
  yield* platformItems(outline.items, outline.declaration);
}
