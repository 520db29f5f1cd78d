import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import fc from "fast-check";
import { XMLValidator } from "fast-xml-parser";
import { afterAll, describe, expect, it } from "vitest";
import { refusal as refusalOf } from "~/tests/fixtures/refusal";
import { decodeFeed, decodeFeedChunks } from "~/server/stock-feed/decode";
import { feedMessages } from "~/server/stock-feed/messages";
import { readFeed, type FeedInput } from "~/server/stock-feed/read-feed";
import { FEED_LIMIT, IMPORT_NOW, feedTenant } from "~/tests/fixtures/feeds/feed-tenant";

// A feed is read a chunk of bytes at a time; these sizes put a chunk boundary inside every tag,
// every multi-byte character and every line of the small feeds below.
const CHUNK_SIZES = [1, 2, 3, 5, 8, 13, 64, 1000];

const read = (feed: FeedInput, chunkBytes?: number) => readFeed(feed, feedTenant(), { now: IMPORT_NOW, maxBytes: FEED_LIMIT, chunkBytes });

const bytes = (xml: string) => ({ bytes: new TextEncoder().encode(xml) });
const refusal = (xml: string, chunkBytes?: number) => refusalOf(() => read(bytes(xml), chunkBytes));

/** The refusal the whole text gets from XMLValidator: what a feed read in chunks must say too. */
function wholeDocumentRefusal(xml: string): string {
  const valid = XMLValidator.validate(xml);
  if (valid === true) throw new Error("expected a malformed document");
  return feedMessages.xmlSyntax(valid.err.line, valid.err.msg);
}

const car = (id: string, extra = "") =>
  `<g:id>${id}</g:id><g:brand>Toyota</g:brand><g:model>Corolla</g:model><g:year>2020</g:year><g:price>19990 AUD</g:price><g:condition>used</g:condition><g:mileage>42000 km</g:mileage>${extra}`;

const rss = (items: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">\n<channel>\n<title>Harbourside</title>\n${items}</channel>\n</rss>\n`;

/** `count` items, one a line from line 5, the item numbered `broken` (if any) with `extra` in it. */
function manyItems(count: number, broken = -1, extra = ""): string {
  let items = "";
  for (let n = 1; n <= count; n++) items += `<item>${car(`A${n}`, n === broken ? extra : "")}</item>\n`;
  return rss(items);
}

const scratch = mkdtempSync(path.join(tmpdir(), "forecourt-xml-chunks-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("an XML feed read a chunk at a time", () => {
  it("reads the same rows, lines and texts whatever the chunk size, from bytes or from a file", () => {
    const fixture = readFileSync("tests/fixtures/feeds/google-vehicle-ads.xml");
    const whole = read({ bytes: fixture });
    const file = path.join(scratch, "google-vehicle-ads.xml");
    writeFileSync(file, fixture);
    for (const chunkBytes of CHUNK_SIZES) {
      expect(read({ bytes: fixture }, chunkBytes)).toEqual(whole);
      expect(read({ file }, chunkBytes)).toEqual(whole);
    }
  });

  it("keeps a character split between two chunks whole", () => {
    const xml = rss(`<item>${car("A1", "<g:description>Café racer — 5★ service 🚗</g:description>")}</item>\n`);
    for (const chunkBytes of CHUNK_SIZES) {
      expect(read(bytes(xml), chunkBytes).rows[0].description).toBe("Café racer — 5★ service 🚗");
    }
  });

  it("names the line of a row rejected in a later chunk", () => {
    const xml = manyItems(300).replace(/(<g:id>A250<\/g:id>.*?<g:year>)2020/, "$1twenty twenty");
    const feed = read(bytes(xml), 256);
    expect(feed.rows).toHaveLength(299);
    expect(feed.rejected).toEqual([{ line: 254, message: 'year: expected a year from 1900 to 2026, got "twenty twenty"' }]);
  });

  it("refuses a malformed item in a later chunk with its line, as the whole document's validator does", () => {
    const xml = manyItems(300, 250, "<g:trim>GX</g:color>");
    expect(refusal(xml, 256)).toBe(
      "line 254: not readable as XML: Expected closing tag 'g:trim' (opened in line 254, col 186) instead of closing tag 'g:color'.",
    );
    expect(refusal(xml, 256)).toBe(wholeDocumentRefusal(xml));
  });

  it("refuses a malformation split across a chunk boundary as it refuses it read whole", () => {
    const items = `<item>${car("A1")}</item>\n<item>${car("A2", "<g:trim>GX</g:color>")}</item>\n<item>${car("A3")}</item>\n`;
    const cases = [
      rss(items),
      // An item that starts mid-line: the column the validator names is the document's.
      rss(items.replace("</item>\n<item>", "</item><item>")),
      rss(`<item>${car("A1", "<g:description>Tow bar & more</g:description>")}</item>\n`),
      rss(`<item>${car("A1", '<g:link rel="a" rel="b">x</g:link>')}</item>\n`),
      // Truncated in the middle of an item, in the middle of a tag, and after the last item.
      manyItems(3).slice(0, manyItems(3).indexOf("A3") + 10),
      manyItems(3).slice(0, manyItems(3).indexOf("</g:brand>", manyItems(3).indexOf("A3")) + 4),
      manyItems(3).slice(0, manyItems(3).indexOf("</channel>")),
    ];
    for (const xml of cases) {
      const whole = wholeDocumentRefusal(xml);
      for (const chunkBytes of CHUNK_SIZES) expect(refusal(xml, chunkBytes), `${chunkBytes}-byte chunks`).toBe(whole);
    }
  });

  it("refuses a document whose skeleton is broken after the last item, naming that line", () => {
    const cases = [
      manyItems(40).replace("</channel>\n</rss>", "</channel>\n</rss>\n<rss></rss>"),
      manyItems(40).replace("</channel>\n</rss>", "</channel>\n</feed>"),
      manyItems(40).replace("</channel>\n</rss>\n", "</channel>\n</rss>\ntrailing text\n"),
      manyItems(40).replace("</channel>\n</rss>\n", "</channel>\n"),
    ];
    for (const xml of cases) {
      for (const chunkBytes of [7, 256, 1_000_000]) expect(refusal(xml, chunkBytes)).toBe(wholeDocumentRefusal(xml));
    }
    expect(refusal(cases[1], 7)).toBe(
      "line 46: not readable as XML: Expected closing tag 'rss' (opened in line 2, col 1) instead of closing tag 'feed'.",
    );
  });

  it("names the first error in the document: one in the root's start tag before one in an item", () => {
    const xml = manyItems(40, 30, "<g:trim>GX</g:color>").replace('version="2.0"', 'version="2.0" version="2.0"');
    expect(refusal(xml, 64)).toBe("line 2: not readable as XML: Attribute 'version' is repeated.");
  });

  it("refuses a file with a byte that is not UTF-8 in a later chunk, naming its line", () => {
    const xml = Buffer.from(manyItems(300));
    // Item A205, on line 209, as a Latin-1 export would write "Toyotá".
    xml[xml.indexOf("Toyota", xml.indexOf("<g:id>A205<")) + 5] = 0xe1;
    const file = path.join(scratch, "latin1.xml");
    writeFileSync(file, xml);
    expect(refusalOf(() => read({ file }, 512))).toBe(feedMessages.notUtf8(209, 0xe1));
  });

  it("refuses exactly the documents the whole document's validator refuses, with its line, whatever the chunk size", () => {
    const fixture = readFileSync("tests/fixtures/feeds/google-vehicle-ads.xml", "utf8");
    const edits = ["", "<", ">", "&", "/", '"', "<!--", "]]>", "<x>", "</x>", "<item>", "</item>", "</channel>", "<?"];
    fc.assert(
      fc.property(
        // From the second character: without its first "<" the file is not XML at all.
        fc.integer({ min: 1, max: fixture.length }),
        fc.integer({ min: 0, max: 2 }),
        fc.constantFrom(...edits),
        fc.integer({ min: 1, max: 300 }),
        (at, removed, inserted, chunkBytes) => {
          const xml = fixture.slice(0, at) + inserted + fixture.slice(at + removed);
          const valid = XMLValidator.validate(xml);
          let message: string | null = null;
          try {
            read(bytes(xml), chunkBytes);
          } catch (error) {
            message = (error as Error).message;
          }
          if (valid === true) return message === null || !message.includes("not readable as XML");
          // Unclosed elements at the end: the whole document's validator says line 1; read in chunks, the
          // refusal names the line of the item left open.
          if (valid.err.msg.startsWith("Invalid '["))
            return /^line \d+: not readable as XML: (Invalid '\[|Unclosed tag)/.test(message ?? "");
          return message === feedMessages.xmlSyntax(valid.err.line, valid.err.msg);
        },
      ),
      { numRuns: 500 },
    );
  });

  it("decodes text in chunks exactly as whole, refusing the same first byte that is not UTF-8", () => {
    const outcome = (decode: () => string) => {
      try {
        return decode();
      } catch (error) {
        return `refused: ${(error as Error).message}`;
      }
    };
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), fc.integer({ min: 1, max: 9 }), (random, chunkBytes) => {
        // Text around the random bytes, with a BOM and characters of two, three and four bytes.
        const bytes = Buffer.concat([Buffer.from("\uFEFFé\n"), random, Buffer.from("—🚗\n")]);
        const chunked = outcome(() => [...decodeFeedChunks({ bytes }, { chunkBytes, maxBytes: FEED_LIMIT })].join(""));
        return chunked === outcome(() => decodeFeed(bytes));
      }),
      { numRuns: 1000 },
    );
  });
});
