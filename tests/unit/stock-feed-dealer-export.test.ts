import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { readOdometer, readPrice } from "~/server/stock-feed/dealer-values";
import { mappingFromFlags } from "~/server/stock-feed/mapping-flags";
import { FeedError } from "~/server/stock-feed/messages";
import { refusal as refusalOf } from "~/tests/fixtures/refusal";
import { planImport } from "~/server/stock-feed/plan";
import { readFeed, type FeedInput } from "~/server/stock-feed/read-feed";
import { ConfigError } from "~/server/tenants/config-error";
import { parseSiteFile } from "~/server/tenants/load";
import {
  FEED_LIMIT,
  HEADER,
  IMPORT_NOW,
  csvBytes,
  feedTenant,
  fullImport,
  planCsv,
  readCsv,
  row,
} from "~/tests/fixtures/feeds/feed-tenant";
import { baseSiteInput, makeTenant } from "~/tests/fixtures/tenant";

// A used-only yard's dealer-system export, in the layout dealers send: no condition column, Rego,
// "$29,990", "68,412", "Deposit Taken", "POA", photos on the export's own host.
const exportBytes = () => readFileSync("tests/fixtures/feeds/dealer-system-export.csv");

function read(input: Omit<FeedInput, "bytes">, tenant = feedTenant()) {
  return readFeed({ bytes: exportBytes(), ...input }, tenant, { now: IMPORT_NOW, maxBytes: FEED_LIMIT });
}

const refusal = (action: () => unknown) => refusalOf(action, [FeedError, ConfigError]);

describe("a dealer-system export without a condition column", () => {
  it("is refused naming the headers accepted for condition and the fix without editing the file", () => {
    expect(refusal(() => read({}))).toBe(
      "the header row is missing required column: condition (a header named condition, New/Used, New Used, Stock Type, Vehicle Condition or Car Type); " +
        'without editing the file: --default condition=used (one value for every row) or --map "Your Header=condition", ' +
        "or the same in site.json stock_feed.defaults / stock_feed.columns",
    );
  });

  it("reads all 20 rows with --default condition=used: statuses, prices, odometers and registrations as written", () => {
    const feed = read({ mapping: { defaults: { condition: "used" } } });
    expect(feed.total).toBe(20);
    expect(feed.rejected).toEqual([]);
    expect(feed.rows.every((r) => r.car_type === "used")).toBe(true);
    const byStock = new Map(feed.rows.map((r) => [r.stocknum, r]));
    const pick = (stock: string) => {
      const r = byStock.get(stock);
      if (!r) throw new Error(`no row ${stock}`);
      return { price: r.price, km: r.km, status: r.status, held: r.held, registration: r.registration };
    };
    expect(pick("SU1041")).toEqual({ price: 29990, km: 68412, status: "in_stock", held: false, registration: "1ABC234" });
    expect(pick("SU1042")).toEqual({ price: 46990, km: 45210, status: "in_stock", held: true, registration: "BX52KL" });
    // 52,000 mi × 1.609344 = 83,685.9 km
    expect(pick("SU1043")).toEqual({ price: null, km: 83686, status: "in_stock", held: false, registration: "CHQ77M" });
    expect(pick("SU1044")).toMatchObject({ price: 25990, status: "in_stock", held: true });
    expect(pick("SU1045")).toEqual({ price: 31990, km: 18220, status: "coming_soon", held: false, registration: null });
    expect(pick("SU1046")).toMatchObject({ status: "sold" });
    expect(pick("SU1049")).toMatchObject({ price: null });
    expect(pick("SU1052")).toMatchObject({ price: null });
    expect(pick("SU1055")).toMatchObject({ price: null });
    expect(pick("SU1059")).toMatchObject({ price: null, status: "coming_soon" });
    expect(feed.rows.filter((r) => r.held).map((r) => r.stocknum)).toEqual(["SU1042", "SU1044", "SU1050", "SU1051", "SU1054", "SU1058"]);
    expect(feed.rows.filter((r) => r.status === "sold").map((r) => r.stocknum)).toEqual(["SU1046", "SU1056", "SU1060"]);
  });

  it("reports the export's photo host once, with the exact site.json change, and --allow-image-host keeps the photos", () => {
    const feed = read({ mapping: { defaults: { condition: "used" } } });
    expect(feed.photoHosts).toEqual([
      {
        host: "img.dealersys.example",
        photos: 31,
        rows: 20,
        first_line: 2,
        fix: 'add it to site.json: "image_hosts": ["cdn.dealer.example","img.dealersys.example"] (or for this run only: --allow-image-host img.dealersys.example)',
      },
    ]);
    expect(feed.rows.every((r) => r.photos.length === 0)).toBe(true);
    const allowed = read({ mapping: { defaults: { condition: "used" } }, allowImageHosts: ["img.dealersys.example"] });
    expect(allowed.photoHosts).toEqual([]);
    expect(allowed.rows[0].photos).toEqual([
      "https://img.dealersys.example/southern/su1041/1.jpg",
      "https://img.dealersys.example/southern/su1041/2.jpg",
      "https://img.dealersys.example/southern/su1041/3.jpg",
    ]);
  });

  it("takes the mapping from site.json stock_feed, the command line winning", () => {
    const tenant = makeTenant({
      ...feedTenant().site,
      stock_feed: {
        url: null,
        format: null,
        every_minutes: 60,
        username_env: null,
        password_env: null,
        private_key_env: null,
        host_key_sha256: null,
        columns: { Variant: "series", Series: "badge" },
        defaults: { condition: "demo" },
        statuses: { "Deposit Taken": "sold" },
      },
    });
    const fromSite = read({}, tenant);
    expect(fromSite.rows[0]).toMatchObject({ car_type: "demo", badge: "ASA44R", series: "GX" });
    expect(fromSite.rows.find((r) => r.stocknum === "SU1042")?.status).toBe("sold");
    const fromCli = read({ mapping: { defaults: { condition: "used" }, statuses: { "Deposit Taken": "reserved" } } }, tenant);
    expect(fromCli.rows[0].car_type).toBe("used");
    expect(fromCli.rows.find((r) => r.stocknum === "SU1042")).toMatchObject({ status: "in_stock", held: true });
  });
});

describe("site.json stock_feed mapping is checked at start", () => {
  const siteText = (stock_feed: unknown) => JSON.stringify({ ...baseSiteInput(), stock_feed });

  it("accepts columns, defaults and statuses without a url", () => {
    const site = parseSiteFile(
      "site.json",
      siteText({ columns: { Rego: "registration" }, defaults: { condition: "used" }, statuses: { Wholesale: "sold" } }),
    );
    expect(site.stock_feed).toMatchObject({ url: null, columns: { Rego: "registration" }, defaults: { condition: "used" } });
  });

  it("refuses an unknown column, default or status with one line", () => {
    expect(refusal(() => parseSiteFile("site.json", siteText({ columns: { Kms: "kilometres" } })))).toMatch(
      /^site\.json: stock_feed\.columns\.Kms: expected one of our columns \(stock_number, vin, registration, .*\), got "kilometres"$/,
    );
    expect(refusal(() => parseSiteFile("site.json", siteText({ statuses: { Wholesale: "gone" } })))).toBe(
      'site.json: stock_feed.statuses.Wholesale: expected in_stock, reserved, coming_soon, sold, got "gone"',
    );
    expect(refusal(() => parseSiteFile("site.json", siteText({ column: {} })))).toBe('site.json: stock_feed: unknown field "column"');
  });
});

describe("statuses as dealers write them", () => {
  it("reads the built-in words case-insensitively and rejects an unknown one naming the accepted words", () => {
    const words = [
      "IN STOCK",
      "for sale",
      "deposit taken",
      "Under Offer",
      "on-hold",
      "In Transit",
      "incoming",
      "Delivered",
      "not available",
      "Wholesale",
    ];
    const feed = readCsv([HEADER, ...words.map((status, i) => row(`S${i}`, { status }))]);
    expect(feed.rows.map((r) => [r.status, r.held])).toEqual([
      ["in_stock", false],
      ["in_stock", false],
      ["in_stock", true],
      ["in_stock", true],
      ["in_stock", true],
      ["coming_soon", false],
      ["coming_soon", false],
      ["sold", false],
      ["sold", false],
    ]);
    expect(feed.rejected).toEqual([
      {
        line: 11,
        message:
          "status: expected one of In Stock, Available, For Sale, Active, Stock, Deposit Taken, Under Offer, Hold, On Hold, Sale Pending, " +
          'Pending, Reserved, In Transit, Arriving, Incoming, On Order, Coming Soon, Sold, Delivered, Not Available, got "Wholesale"',
      },
    ]);
  });

  it("a Deposit Taken car is listed reserved; a later In Stock lifts the dealer's hold; an empty status keeps it", () => {
    const first = planCsv([HEADER, row("R1", { status: "Deposit Taken" })], []);
    expect(first.writes[0]).toMatchObject({ status: "in_stock", reserved: true, sold: false });
    const kept = planCsv([HEADER, row("R1")], first.writes);
    expect(kept.report.counts.unchanged).toBe(1);
    const lifted = planCsv([HEADER, row("R1", { status: "In Stock" })], first.writes);
    expect(lifted.writes[0]).toMatchObject({ reserved: false });
  });
});

describe("prices and odometers as dealers write them", () => {
  it("prices: currency signs, commas, spaces and a trailing currency code; POA words, empty and 0 are no price", () => {
    expect(
      [
        "$29,990",
        "25990 AUD",
        "31990.00 AUD",
        "AU$ 18 500",
        "NZ$12,500.50",
        "POA",
        "Price on application",
        "Call",
        "Enquire",
        "",
        "0",
        "$0",
      ].map(readPrice),
    ).toEqual([
      { value: 29990 },
      { value: 25990 },
      { value: 31990 },
      { value: 18500 },
      { value: 12500.5 },
      { value: null },
      { value: null },
      { value: null },
      { value: null },
      { value: null },
      { value: null },
      { value: null },
    ]);
    expect(readPrice("-5")).toEqual({ error: 'expected 0 or more, got "-5"' });
  });

  it("odometers: commas and units, miles converted to km (1 mi = 1.609344 km)", () => {
    expect(["68,412", "45210 km", "45,210 kms", "52,000 mi", "1 mile", "12 miles", ""].map(readOdometer)).toEqual([
      { value: 68412 },
      { value: 45210 },
      { value: 45210 },
      { value: 83686 },
      { value: 2 },
      { value: 19 },
      { value: null },
    ]);
    expect(readOdometer("about 80k")).toEqual({ error: 'expected a reading such as 68,412, 45210 km or 52,000 mi, got "about 80k"' });
  });

  it("a POA vehicle is imported with no price", () => {
    const plan = planImport(
      feedTenant(),
      readFeed({ bytes: csvBytes([HEADER, row("P1", { price: "POA" })]) }, feedTenant(), { now: IMPORT_NOW, maxBytes: FEED_LIMIT }),
      [],
      fullImport,
      1,
    );
    expect(plan.writes[0]).toMatchObject({ price: null, price_range: null });
  });
});

describe("the command line's mapping flags", () => {
  it("read --map, --default and --status, a header keeping its own '='", () => {
    expect(
      mappingFromFlags({ map: ["Kilometres=odometer", "Price (a=b)=price"], default: ["condition=used"], status: ["Wholesale=sold"] }),
    ).toEqual({
      columns: { Kilometres: "odometer", "Price (a=b)": "price" },
      defaults: { condition: "used" },
      statuses: { Wholesale: "sold" },
    });
  });

  it("refuse an unknown column or status with one line", () => {
    expect(() => mappingFromFlags({ map: ["Kms=kilometres"], default: [], status: [] })).toThrow(
      /^--map Kms=kilometres: expected one of our columns \(stock_number, .*\), got "kilometres"$/,
    );
    expect(() => mappingFromFlags({ map: [], default: ["used"], status: [] })).toThrow('--default: expected column=value, got "used"');
    expect(() => mappingFromFlags({ map: [], default: [], status: ["Wholesale=gone"] })).toThrow(
      '--status Wholesale=gone: expected in_stock, reserved, coming_soon, sold, got "gone"',
    );
  });
});
