import { XMLParser, XMLValidator } from "fast-xml-parser";
import { FeedError, feedMessages } from "./messages";
import type { PlatformItem } from "./platform-feed";

type XmlNode = string | { [name: string]: XmlNode[] | string };

// Every element an array (an item with one additional_image_link and one with five read alike),
// values kept as text (a stock number "00123" stays "00123"), namespace prefixes dropped so
// <g:id> and <id> are one field. Attributes are read for Atom's <link href="…">.
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
  });

/** Leaf texts of an item by element name; nested ones (vehicle_fulfillment's store_code) after the item's own. */
function collect(node: Record<string, XmlNode[] | string>, fields: Map<string, string[]>, depth: number): void {
  const nested: Array<Record<string, XmlNode[] | string>> = [];
  for (const [rawName, children] of Object.entries(node)) {
    if (rawName.startsWith("@") || !Array.isArray(children)) continue;
    const name = rawName.toLowerCase();
    for (const child of children) {
      if (typeof child === "string") {
        if (depth > 0 && fields.has(name)) continue;
        fields.set(name, [...(fields.get(name) ?? []), child]);
      } else if (child["#text"] !== undefined) {
        const text = child["#text"];
        fields.set(name, [...(fields.get(name) ?? []), typeof text === "string" ? text : String(text[0] ?? "")]);
      } else nested.push(child as Record<string, XmlNode[] | string>);
    }
  }
  for (const child of nested) collect(child, fields, depth + 1);
}

/** The line each <item> or <entry> starts on, in document order. */
function itemLines(text: string): number[] {
  const lines: number[] = [];
  const pattern = /<(?:[A-Za-z_][\w.-]*:)?(?:item|entry)[\s>]/g;
  let line = 1;
  let cursor = 0;
  for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
    for (; cursor < match.index; cursor++) if (text.charCodeAt(cursor) === 10) line++;
    lines.push(line);
  }
  return lines;
}

/**
 * Google's vehicle ads feed as XML: RSS 2.0 (<rss><channel><item>) or Atom (<feed><entry>) with
 * the g: namespace. Any syntax error refuses the whole file, naming its line.
 */
export function readGoogleXml(text: string): PlatformItem[] {
  const valid = XMLValidator.validate(text);
  if (valid !== true) throw new FeedError(feedMessages.xmlSyntax(valid.err.line, valid.err.msg));
  const document = parser().parse(text) as Record<string, XmlNode[]>;
  const rootName = Object.keys(document).find((name) => !name.startsWith("?"));
  const root = rootName === undefined ? undefined : (document[rootName]?.[0] as Record<string, XmlNode[]> | undefined);
  let items: XmlNode[];
  if (rootName === "rss") {
    const channel = root?.channel?.[0];
    items = typeof channel === "object" ? ((channel.item as XmlNode[] | undefined) ?? []) : [];
  } else if (rootName === "feed") items = root?.entry ?? [];
  else throw new FeedError(feedMessages.xmlRoot(rootName ?? ""));
  const lines = itemLines(text);
  const useLines = lines.length === items.length;
  return items.map((item, index) => {
    const fields = new Map<string, string[]>();
    if (typeof item === "object") collect(item as Record<string, XmlNode[] | string>, fields, 0);
    return { line: useLines ? lines[index] : index + 1, fields };
  });
}
