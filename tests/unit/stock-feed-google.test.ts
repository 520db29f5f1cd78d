import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { refusal } from "~/tests/fixtures/refusal";
import { readFeed, type FeedInput } from "~/server/stock-feed/read-feed";
import { FEED_LIMIT, IMPORT_NOW, feedTenant } from "~/tests/fixtures/feeds/feed-tenant";

const fixture = (name: string) => readFileSync(`tests/fixtures/feeds/${name}`);

function read(bytes: Uint8Array, input: Omit<FeedInput, "bytes"> = {}) {
  return readFeed({ bytes, ...input }, feedTenant(), { now: IMPORT_NOW, maxBytes: FEED_LIMIT });
}

function byStock(rows: ReturnType<typeof read>["rows"]) {
  return Object.fromEntries(
    rows.map((r) => [
      r.stocknum,
      {
        year: r.year,
        make: r.make,
        model: r.model,
        badge: r.badge,
        price: r.price,
        km: r.km,
        car_type: r.car_type,
        status: r.status,
        body: r.body,
        fuel: r.fuel,
        drive: r.drive,
        location: r.location.slug,
        photos: r.photos.length,
      },
    ]),
  );
}

describe("Google's vehicle ads feed as RSS 2.0 XML", () => {
  const feed = read(fixture("google-vehicle-ads.xml"));

  it("is detected from its <rss> root and reads g:id as the stock number", () => {
    expect(feed.format).toBe("google-xml");
    expect(feed.total).toBe(4);
    expect(feed.rows.map((r) => r.stocknum)).toEqual(["HM-4471", "HM-4502", "HM-3980"]);
  });

  it("maps Google's words onto ours: truck → ute, minivan → people mover, gasoline → petrol, 4X4 → 4WD, availability → status", () => {
    expect(byStock(feed.rows)).toEqual({
      "HM-4471": {
        year: 2021,
        make: "Toyota",
        model: "HiLux",
        badge: "SR5",
        price: 52990,
        km: 68412,
        car_type: "used",
        status: "in_stock",
        body: "ute",
        fuel: "Diesel",
        drive: "4WD",
        location: "harbourside-mazda-sales",
        photos: 3,
      },
      "HM-4502": {
        year: 2025,
        make: "Kia",
        model: "Carnival",
        badge: "Sport",
        price: 48990,
        km: 0,
        car_type: "new",
        status: "coming_soon",
        body: "peopleMover",
        fuel: "Petrol",
        drive: null,
        // An unknown store code leaves the car at the primary yard rather than rejecting it.
        location: "harbourside-sales",
        photos: 1,
      },
      "HM-3980": {
        year: 2018,
        make: "Mazda",
        model: "CX-3",
        badge: null,
        price: 18500,
        // 52000 miles in km
        km: 83686,
        car_type: "used",
        status: "sold",
        body: null,
        fuel: null,
        drive: null,
        location: "harbourside-sales",
        photos: 1,
      },
    });
    expect(feed.rows[0].description).toBe("One owner, full service history & tow bar.");
    expect(feed.rows[0].price_type).toBe("drive away price");
  });

  it("rejects an unreadable item by the line it starts on and imports the rest", () => {
    expect(feed.rejected).toEqual([{ line: 60, message: 'year: expected a year from 1900 to 2026, got "about 2019"' }]);
    expect(feed.ignoredColumns).toEqual(["title", "link", "google_product_category", "option"]);
  });

  it("reads the Atom form (<feed><entry>)", () => {
    const atom = read(fixture("google-vehicle-ads-atom.xml"));
    expect(atom.format).toBe("google-xml");
    expect(byStock(atom.rows)["HM-5001"]).toMatchObject({
      make: "Subaru",
      model: "Forester",
      price: 41990,
      km: 31250,
      body: "suv",
      drive: "AWD",
    });
  });

  it("refuses a file that is not well-formed XML, naming the line, before any row is read", () => {
    const broken = new TextEncoder().encode(
      '<?xml version="1.0"?>\n<rss xmlns:g="http://base.google.com/ns/1.0"><channel>\n<item><g:id>A1</g:id>\n<g:brand>Kia</item>\n</channel></rss>\n',
    );
    expect(refusal(() => read(broken))).toBe(
      "line 4: not readable as XML: Expected closing tag 'g:brand' (opened in line 4, col 1) instead of closing tag 'item'.",
    );
  });

  it("refuses XML that is not a feed, and a CSV named as XML", () => {
    expect(refusal(() => read(new TextEncoder().encode("<catalog><car/></catalog>")))).toBe(
      "expected Google's vehicle ads feed as RSS 2.0 (<rss>) or Atom (<feed>), but the XML document is <catalog>",
    );
    expect(refusal(() => read(new TextEncoder().encode("stock_number,year\nA1,2020\n"), { format: "google-xml" }))).toBe(
      "expected Google's vehicle ads feed as XML, but the feed does not start with < (use --format google-csv, meta-csv or csv)",
    );
    expect(refusal(() => read(fixture("google-vehicle-ads.xml"), { format: "csv" }))).toBe(
      "expected CSV or JSON, but the feed is XML (use --format google-xml)",
    );
  });
});

describe("Google's vehicle ads feed as TSV", () => {
  it("is detected from its header row and reads the same cars as the XML", () => {
    const feed = read(fixture("google-vehicle-ads.tsv"));
    expect(feed.format).toBe("google-csv");
    expect(feed.rejected).toEqual([]);
    expect(byStock(feed.rows)["HM-4471"]).toMatchObject({ make: "Toyota", model: "HiLux", price: 52990, body: "ute", photos: 3 });
    expect(byStock(feed.rows)["HM-4502"]).toMatchObject({ status: "coming_soon", body: "peopleMover", fuel: "Petrol" });
  });
});
