import { describe, expect, it } from "vitest";
import { refusal as refusalOf } from "~/tests/fixtures/refusal";
import { readFeed } from "~/server/stock-feed/read-feed";
import { outlineXmlFeed } from "~/server/stock-feed/xml-feed-items";
import { FEED_LIMIT, IMPORT_NOW, feedTenant } from "~/tests/fixtures/feeds/feed-tenant";

function read(xml: string) {
  return readFeed({ bytes: new TextEncoder().encode(xml) }, feedTenant(), { now: IMPORT_NOW, maxBytes: FEED_LIMIT });
}

const refusal = (xml: string) => refusalOf(() => read(xml));

const car = (id: string, extra = "") =>
  `<g:id>${id}</g:id><g:brand>Toyota</g:brand><g:model>Corolla</g:model><g:year>2020</g:year><g:price>19990 AUD</g:price><g:condition>used</g:condition><g:mileage>42000 km</g:mileage>${extra}`;

const rss = (items: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">\n<channel>\n<title>Harbourside</title>\n${items}</channel>\n</rss>\n`;

describe("finding a feed's items one at a time", () => {
  it("reads a </item> inside CDATA as the description's text, not as the end of the item", () => {
    const feed = read(
      rss(
        `<item>${car("A1", "<g:description><![CDATA[Tow bar </item> fitted & serviced]]></g:description>")}</item>\n<item>${car("A2")}</item>\n`,
      ),
    );
    expect(feed.rows.map((row) => row.stocknum)).toEqual(["A1", "A2"]);
    expect(feed.rows[0].description).toBe("Tow bar </item> fitted & serviced");
  });

  it("skips items that are commented out and gives each item the line its start tag is on", () => {
    const outline = outlineXmlFeed(rss(`<!-- <item><g:id>OLD</g:id></item> -->\n<item>${car("A1")}</item>\n<item\n>${car("A2")}</item>\n`));
    expect(outline.root).toBe("rss");
    expect([...outline.items].map(({ line, text }) => ({ line, id: /<g:id>(.*?)</.exec(text)?.[1] }))).toEqual([
      { line: 6, id: "A1" },
      { line: 7, id: "A2" },
    ]);
  });

  it("reads Atom's <entry> elements, whatever prefix the feed gives its own elements", () => {
    const atom = outlineXmlFeed(
      `<feed xmlns="http://www.w3.org/2005/Atom"><title>t</title><link href="https://x.example/?a=1&amp;b=>"/>\n<entry>${car("E1")}</entry>\n</feed>`,
    );
    expect([...atom.items].map(({ name, line }) => ({ name, line }))).toEqual([{ name: "entry", line: 2 }]);
    const prefixed = read(
      `<a:feed xmlns:a="http://www.w3.org/2005/Atom" xmlns:g="http://base.google.com/ns/1.0">\n<a:entry>${car("E1")}</a:entry>\n<a:entry>${car("E2")}</a:entry>\n</a:feed>`,
    );
    expect(prefixed.rows.map((row) => [row.stocknum, row.line])).toEqual([
      ["E1", 2],
      ["E2", 3],
    ]);
  });

  it("reads only the items of the first <channel>, not elements named item nested elsewhere", () => {
    const outline = outlineXmlFeed(
      `<rss><image><item>not a car</item></image><channel><item><g:id>A1</g:id><g:option><item>nested</item></g:option></item></channel><channel><item><g:id>B1</g:id></item></channel></rss>`,
    );
    expect([...outline.items].map((item) => item.text)).toEqual(["<item><g:id>A1</g:id><g:option><item>nested</item></g:option></item>"]);
  });

  it("refuses a truncated document whole, naming the line, and imports nothing", () => {
    const full = rss(`<item>${car("A1")}</item>\n<item>${car("A2")}</item>\n<item>${car("A3")}</item>\n`);
    const truncated = full.slice(0, full.indexOf("A3") + 10);
    expect(refusal(truncated)).toMatch(/^line \d+: not readable as XML: /);
  });

  it("refuses the whole file when an item in the middle is malformed", () => {
    const broken = rss(`<item>${car("A1")}</item>\n<item>${car("A2", "<g:trim>GX</g:color>")}</item>\n<item>${car("A3")}</item>\n`);
    expect(refusal(broken)).toBe(
      "line 6: not readable as XML: Expected closing tag 'g:trim' (opened in line 6, col 184) instead of closing tag 'g:color'.",
    );
  });

  it("rejects an item with a bad field by the line it starts on and imports the rest", () => {
    const feed = read(
      rss(`<item>${car("A1")}</item>\n<item>${car("A2").replace("2020", "twenty twenty")}</item>\n<item>${car("A3")}</item>\n`),
    );
    expect(feed.total).toBe(3);
    expect(feed.rows.map((row) => row.stocknum)).toEqual(["A1", "A3"]);
    expect(feed.rejected).toEqual([{ line: 6, message: 'year: expected a year from 1900 to 2026, got "twenty twenty"' }]);
  });
});
