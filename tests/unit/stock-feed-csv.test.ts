import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { columnAliases, feedColumns, mapHeader, requiredColumns } from "~/server/stock-feed/columns";
import { decodeFeed, DEFAULT_MAX_FEED_BYTES, maxFeedBytes } from "~/server/stock-feed/decode";
import { FeedError } from "~/server/stock-feed/messages";
import { refusal } from "~/tests/fixtures/refusal";
import { readFeed } from "~/server/stock-feed/read-feed";
import { FEED_LIMIT, HEADER, IMPORT_NOW, csvBytes, feedTenant, readCsv, row } from "~/tests/fixtures/feeds/feed-tenant";

const read = (bytes: Uint8Array, format?: "csv" | "json", maxBytes = FEED_LIMIT) =>
  readFeed({ bytes, format }, feedTenant(), { now: IMPORT_NOW, maxBytes });

describe("CSV columns", () => {
  it("match our names and every documented alias, ignoring case, spaces and punctuation", () => {
    for (const column of feedColumns) {
      for (const name of [column, column.toUpperCase(), ` ${column.replace(/_/g, " ")} `, ...columnAliases[column]]) {
        const cells = [...requiredColumns.filter((other) => other !== column), name];
        expect(mapHeader(cells).index[column], `${name} → ${column}`).toBe(cells.length - 1);
      }
    }
  });

  it("read the aliases dealers' tools export (Stock #, Trim, Kms, Body Style, Exterior Colour, New/Used, Images)", () => {
    const header = mapHeader(
      [
        "Stock #",
        "Year",
        "Make",
        "Model",
        "Trim",
        "Kms",
        "Body Style",
        "Exterior Colour",
        "New/Used",
        "Images",
        "Price",
        "Odometer (km)",
      ].slice(0, 11),
    );
    expect(header.index).toMatchObject({ stock_number: 0, badge: 4, odometer: 5, body: 6, colour: 7, condition: 8, photos: 9, price: 10 });
    expect(mapHeader(["StockNo", "year", "MAKE", "model", "Mileage", "price", "condition"]).index.odometer).toBe(4);
    expect(mapHeader(["Stock Number", "year", "make", "model", "Odometer (km)", "price", "condition"]).index.odometer).toBe(4);
  });

  it("list the header cells they do not read, so a misspelt column is noticed", () => {
    expect(mapHeader(["stock_number", "year", "make", "model", "price", "condition", "Internal Notes", "Prise"]).ignored).toEqual([
      "Internal Notes",
      "Prise",
    ]);
  });

  it("refuse a header without required columns, naming each missing one", () => {
    expect(refusal(() => mapHeader(["stock_number", "make", "model"]))).toBe(
      "the header row is missing required columns: year (a header named year, Model Year, Year Model or Yr), " +
        "price (a header named price, Selling Price, Sale Price, Retail Price, Advertised Price, Asking Price or Internet Price), " +
        "condition (a header named condition, New/Used, New Used, Stock Type, Vehicle Condition or Car Type); " +
        'without editing the file: --default year=2020 (one value for every row) or --map "Your Header=year", ' +
        "or the same in site.json stock_feed.defaults / stock_feed.columns",
    );
    expect(refusal(() => mapHeader(["Stock #", "Year", "Make", "Model", "Price"]))).toBe(
      "the header row is missing required column: condition (a header named condition, New/Used, New Used, Stock Type, Vehicle Condition or Car Type); " +
        'without editing the file: --default condition=used (one value for every row) or --map "Your Header=condition", ' +
        "or the same in site.json stock_feed.defaults / stock_feed.columns",
    );
  });

  it("refuse two columns for one field", () => {
    expect(refusal(() => mapHeader(["Stock #", "StockNo", "year", "make", "model", "price", "condition"]))).toBe(
      'the header row has two columns for stock_number: "Stock #" and "StockNo"',
    );
  });
});

describe("reading a CSV feed", () => {
  it("reads the dealer export fixture: BOM, CRLF, quoted commas and newlines, aliases", () => {
    const feed = readFeed({ bytes: readFileSync("tests/fixtures/feeds/dealer-export.csv") }, feedTenant(), {
      now: IMPORT_NOW,
      maxBytes: FEED_LIMIT,
    });
    expect(feed.format).toBe("csv");
    expect(feed.total).toBe(5);
    expect(feed.rows.map((r) => [r.line, r.stocknum])).toEqual([
      [2, "HT1001"],
      [4, "HT1002"],
      [5, "HM2001"],
      [6, "HM2002"],
    ]);
    const [rav4, hilux, cx5] = feed.rows;
    expect(rav4).toMatchObject({
      vin: "JTMBR3FV20D012345",
      km: 42310,
      price: 36990,
      car_type: "used",
      status: "in_stock",
      badge: "GX",
      colour: "Glacier White",
    });
    expect(rav4.description).toBe("One owner, full service history.\nTwo keys.");
    expect(hilux).toMatchObject({ car_type: "demo", status: "in_stock", km: 15 });
    expect(cx5).toMatchObject({ car_type: "new", status: "coming_soon", location: { name: "Harbourside Mazda - Sales" } });
    expect(feed.rows[3].price).toBeNull();
    expect(feed.rejected).toEqual([
      {
        line: 7,
        message: 'Location: no location "Nowhere Motors" in site.json (known: Harbourside Motors - Sales, Harbourside Mazda - Sales)',
      },
    ]);
    expect(feed.warnings).toEqual([]);
    expect(feed.photoHosts).toEqual([
      {
        host: "photos.elsewhere.example",
        photos: 1,
        rows: 1,
        first_line: 4,
        fix: 'add it to site.json: "image_hosts": ["cdn.dealer.example","photos.elsewhere.example"] (or for this run only: --allow-image-host photos.elsewhere.example)',
      },
    ]);
    expect(feed.ignoredColumns).toEqual(["Internal Notes"]);
  });

  it("names each rejected row by its line, the header being line 1, with every bad field", () => {
    const feed = readCsv([
      HEADER,
      row("A1"),
      row("A2", { price: "about 30k" }),
      row("A3", { year: "21", odometer: "about 80k" }),
      row("A4", { condition: "nearly new", status: "gone" }),
      row("", { make: "" }),
      row("A6", { price: "-5" }),
      row("A7", { vin: "NOT A VIN!" }),
    ]);
    expect(feed.rows.map((r) => r.stocknum)).toEqual(["A1"]);
    const statuses =
      "In Stock, Available, For Sale, Active, Stock, Deposit Taken, Under Offer, Hold, On Hold, Sale Pending, Pending, Reserved, " +
      "In Transit, Arriving, Incoming, On Order, Coming Soon, Sold, Delivered, Not Available";
    expect(feed.rejected.map((issue) => `line ${issue.line}: ${issue.message}`)).toEqual([
      'line 3: price: expected a price such as 29990, $29,990, 25990 AUD or POA, got "about 30k"',
      `line 4: year: expected a year from 1900 to 2026, got "21"; odometer: expected a reading such as 68,412, 45210 km or 52,000 mi, got "about 80k"`,
      `line 5: condition: expected new, used or demo, got "nearly new"; status: expected one of ${statuses}, got "gone"`,
      "line 6: stock_number: required; make: required",
      'line 7: price: expected 0 or more, got "-5"',
      'line 8: vin: expected 6 to 17 letters and digits, got "NOT A VIN!"',
    ]);
  });

  it("counts lines inside quoted fields, skips blank rows and accepts LF files", () => {
    const feed = readFeed(
      {
        bytes: csvBytes([`${HEADER},description`, `${row("B1")},"two\nlines"`, "", ",,,,,,,,,,,,", `${row("B2", { price: "x" })},`], "\n"),
      },
      feedTenant(),
      { now: IMPORT_NOW, maxBytes: FEED_LIMIT },
    );
    expect(feed.total).toBe(2);
    expect(feed.rows[0].description).toBe("two\nlines");
    expect(feed.rejected).toEqual([{ line: 6, message: 'price: expected a price such as 29990, $29,990, 25990 AUD or POA, got "x"' }]);
  });

  it("accepts prices and odometers as dealers write them", () => {
    const feed = readCsv([
      HEADER,
      row("C1", { price: "$34,990", odometer: "82,000 km" }),
      row("C2", { price: "NZ$ 12 500.50", odometer: "" }),
      row("C3", { price: "" }),
    ]);
    expect(feed.rows.map((r) => [r.price, r.km])).toEqual([
      [34990, 82000],
      [12500.5, null],
      [null, 42000],
    ]);
  });

  it("reads condition and status words from dealer tools", () => {
    const feed = readCsv([
      HEADER,
      row("D1", { condition: "N", status: "In Stock" }),
      row("D2", { condition: "Pre-Owned", status: "in transit" }),
      row("D3", { condition: "Ex-Demo", status: "SOLD" }),
      row("D4", { condition: "NEW", status: "coming_soon" }),
    ]);
    expect(feed.rows.map((r) => [r.car_type, r.status])).toEqual([
      ["new", "in_stock"],
      ["used", "coming_soon"],
      ["demo", "sold"],
      ["new", "coming_soon"],
    ]);
  });

  it("matches a location by site.json name, slug or name without ' - Sales'; a blank one is the primary sales yard", () => {
    const feed = readCsv([
      HEADER,
      row("E1", { location: "harbourside mazda" }),
      row("E2", { location: "harbourside-mazda-sales" }),
      row("E3", { location: "HARBOURSIDE MOTORS - SALES" }),
      row("E4"),
    ]);
    expect(feed.rows.map((r) => r.location.id)).toEqual([12, 12, 11, 11]);
  });

  it("rejects a row with fewer fields than the header, or extra filled ones, and allows a trailing comma", () => {
    const feed = readCsv([HEADER, "F1,,2020,Kia,Rio", `${row("F2")},`, `${row("F3")},surprise`]);
    expect(feed.rows.map((r) => r.stocknum)).toEqual(["F2"]);
    expect(feed.rejected).toEqual([
      { line: 2, message: "expected 12 fields like the header, got 5" },
      { line: 4, message: "expected 12 fields like the header, got 13" },
    ]);
  });

  it("rejects later rows repeating a stock number (any case) or VIN; the first stays", () => {
    const feed = readCsv([
      HEADER,
      row("G1", { vin: "JTMBR3FV20D000001" }),
      row("g1 "),
      row("G2", { vin: "jtmbr3fv20d000001" }),
      row("G3", { vin: "JTMBR3FV20D000003" }),
    ]);
    expect(feed.rows.map((r) => r.stocknum)).toEqual(["G1", "G3"]);
    expect(feed.rejected).toEqual([
      { line: 3, message: 'stock_number: stock number "g1" already on line 2' },
      { line: 4, message: 'vin: VIN "JTMBR3FV20D000001" already on line 2' },
    ]);
  });

  it("splits photos on | and drops those from hosts not in image_hosts, keeping the vehicle", () => {
    const feed = readCsv([
      HEADER,
      row("H1", { photos: " https://cdn.dealer.example/a.jpg | https://evil.example/b.jpg|http://cdn.dealer.example/c.jpg|" }),
    ]);
    expect(feed.rows[0].photos).toEqual(["https://cdn.dealer.example/a.jpg"]);
    expect(feed.photoHosts.map((host) => [host.host, host.photos, host.rows])).toEqual([
      ["evil.example", 1, 1],
      ["http://cdn.dealer.example", 1, 1],
    ]);
    expect(feed.warnings).toEqual([]);
  });

  it("reads semicolon-separated exports", () => {
    const feed = read(csvBytes(["Stock #;Year;Make;Model;Price;Condition", 'S1;2020;Kia;Rio;"12,990";Used']));
    expect(feed.rows[0]).toMatchObject({ stocknum: "S1", price: 12990 });
  });
});

describe("a CSV feed refused whole", () => {
  it("is empty, or only a BOM and blank lines", () => {
    expect(refusal(() => read(new Uint8Array()))).toBe("the feed is empty");
    expect(refusal(() => read(new Uint8Array([0xef, 0xbb, 0xbf, 0x0d, 0x0a, 0x20])))).toBe("the feed is empty");
  });

  it("has a header and no vehicle rows", () => {
    expect(refusal(() => read(csvBytes([HEADER])))).toBe("the feed has no vehicle rows");
    expect(refusal(() => read(csvBytes([HEADER, ",,,", ""])))).toBe("the feed has no vehicle rows");
  });

  it("is not UTF-8, naming the line of the first bad byte", () => {
    const latin1 = new Uint8Array([
      ...new TextEncoder().encode(`${HEADER}\r\n${row("L1")}\r\nL2,,2020,Citro`),
      0xeb,
      ...new TextEncoder().encode("n,C4,,1,1,used,,,\r\n"),
    ]);
    expect(refusal(() => read(latin1))).toBe("the feed is not UTF-8 text: invalid byte 0xEB on line 3");
  });

  it("is over the size limit", () => {
    const small = csvBytes([HEADER, row("Z1")]);
    expect(refusal(() => read(small, "csv", 100))).toBe(
      `the feed is ${small.length} bytes, over the limit of 100 bytes (STOCK_FEED_MAX_BYTES)`,
    );
    expect(refusal(() => read(new Uint8Array(60 * 1_048_576), "csv", DEFAULT_MAX_FEED_BYTES))).toBe(
      "the feed is 60 MB, over the limit of 50 MB (STOCK_FEED_MAX_BYTES)",
    );
    expect(refusal(() => read(new Uint8Array(DEFAULT_MAX_FEED_BYTES + 1), "csv", DEFAULT_MAX_FEED_BYTES))).toBe(
      "the feed is 52,428,801 bytes, over the limit of 52,428,800 bytes (STOCK_FEED_MAX_BYTES)",
    );
  });

  it("is JSON when CSV was asked for, or CSV when JSON was", () => {
    expect(refusal(() => read(new TextEncoder().encode('{"vehicles": []}'), "csv"))).toBe(
      "expected CSV, but the feed looks like JSON (use --format json)",
    );
    expect(refusal(() => read(csvBytes([HEADER, row("Y1")]), "json"))).toBe(
      "expected JSON, but the feed does not start with { (use --format csv)",
    );
  });

  it("cannot be read as CSV (an unclosed quote), naming the line", () => {
    expect(refusal(() => read(csvBytes([HEADER, row("Q1"), 'Q2,,2020,"Kia,Rio,1,1,used,,,'])))).toBe(
      "line 3: not readable as CSV: a quoted field is never closed",
    );
  });
});

describe("feed size limit", () => {
  it("is 50 MB unless STOCK_FEED_MAX_BYTES sets it", () => {
    expect(maxFeedBytes(undefined)).toBe(52_428_800);
    expect(maxFeedBytes("1000")).toBe(1000);
    expect(() => maxFeedBytes("lots")).toThrow('environment: STOCK_FEED_MAX_BYTES: expected a whole number of bytes, got "lots"');
  });
});

describe("UTF-8 check", () => {
  it("agrees with Node's own validator on any bytes", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
        let valid = true;
        try {
          new TextDecoder("utf-8", { fatal: true }).decode(bytes);
        } catch {
          valid = false;
        }
        let accepted: boolean;
        try {
          decodeFeed(new Uint8Array([0x61, ...bytes]));
          accepted = true;
        } catch (error) {
          accepted = !(error instanceof FeedError && error.message.startsWith("the feed is not UTF-8"));
        }
        return accepted === valid;
      }),
      { numRuns: 2000 },
    );
  });
});
