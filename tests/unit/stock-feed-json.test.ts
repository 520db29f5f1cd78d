import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadTenants, type Tenant } from "~/server/tenants/load";
import { vehicleLines } from "~/server/stock-feed/json-feed";
import { refusal } from "~/tests/fixtures/refusal";
import { planImport } from "~/server/stock-feed/plan";
import { readFeed } from "~/server/stock-feed/read-feed";
import { generateStockFile } from "~/scripts/lib/demo-stock";
import { FEED_LIMIT, IMPORT_NOW, feedTenant, fullImport } from "~/tests/fixtures/feeds/feed-tenant";

const encode = (value: unknown) => new TextEncoder().encode(typeof value === "string" ? value : JSON.stringify(value, null, 2));
const read = (bytes: Uint8Array, tenant: Tenant = feedTenant()) =>
  readFeed({ bytes, format: "json" }, tenant, { now: IMPORT_NOW, maxBytes: FEED_LIMIT });

const minimal = { stocknum: "J1", year: 2022, make: "Kia", model: "Sportage", price: 38990, car_type: "used" };

describe("JSON feed", () => {
  it("accepts a vehicle with only what a CSV row needs, and fills the rest", () => {
    const feed = read(encode({ vehicles: [minimal] }));
    expect(feed.rejected).toEqual([]);
    const plan = planImport(feedTenant(), feed, [], { ...fullImport, source: "feed.json" }, 1);
    expect(plan.writes[0]).toMatchObject({
      stocknum: "J1",
      slug: "2022-kia-sportage-j1",
      status: "in_stock",
      location_id: 11,
      price_range: "$30,000 - $40,000",
    });
  });

  it("reports each bad vehicle by the line it starts on", () => {
    const text = `{
  "generated_at": "2025-03-01",
  "vehicles": [
    ${JSON.stringify(minimal)},
    {
      "stocknum": "J2", "year": 2022, "make": "Kia", "model": "Rio",
      "price": "POA", "car_type": "used"
    },
    {"stocknum": "J3", "year": 2021, "model": "Rio", "price": 1, "car_type": "nearly new"},
    {"stocknum": "J4", "year": 2021, "make": "Kia", "model": "Rio", "price": 1, "car_type": "used", "location_id": 99}
  ]
}`;
    const feed = read(encode(text));
    expect(feed.rows.map((row) => [row.line, row.stocknum])).toEqual([[4, "J1"]]);
    expect(feed.rejected).toEqual([
      { line: 5, message: 'price: expected a number, got "POA"' },
      { line: 9, message: expect.stringMatching(/^make: required; car_type: /) },
      { line: 10, message: "location_id: no location 99 in site.json" },
    ]);
  });

  it("finds element lines past strings holding brackets, quotes and commas", () => {
    expect(vehicleLines('{"note": "[{,\\"vehicles\\": [", "vehicles": [\n{"a": "]"},\n\n[1,\n2], 3\n]}')).toEqual([2, 4, 5]);
  });

  it("refuses a feed that is not JSON, has no vehicles array, or an empty one", () => {
    expect(refusal(() => read(encode('{"vehicles": [')))).toMatch(/^the feed is not valid JSON: /);
    expect(refusal(() => read(encode({ cars: [] })))).toBe('the JSON feed must be an object with a "vehicles" array: {"vehicles": [...]}');
    expect(refusal(() => read(encode([minimal])))).toBe('the JSON feed must be an object with a "vehicles" array: {"vehicles": [...]}');
    expect(refusal(() => read(encode({ vehicles: [] })))).toBe("the feed has no vehicle rows");
  });

  it("reimports a Forecourt stock file as it is: ids, slugs, listing and sold dates kept", () => {
    const outback = loadTenants(path.resolve("tenants")).find((tenant) => tenant.slug === "outback-4x4");
    if (!outback) throw new Error("outback-4x4 demo tenant missing");
    const file = generateStockFile(outback, { now: IMPORT_NOW });
    const feed = read(encode(file), outback);
    expect(feed.rejected).toEqual([]);
    const plan = planImport(outback, feed, [], { ...fullImport, source: "stock.json" }, 1);
    expect(plan.report.counts.added).toBe(file.vehicles.length);
    // The yard's phone comes from site.json; the demo leaves a few blank on purpose.
    const withoutPhone = (vehicles: typeof file.vehicles) =>
      vehicles.map((vehicle) => ({ ...vehicle, location: { ...vehicle.location, phone: null } }));
    expect(withoutPhone(plan.writes)).toEqual(withoutPhone(file.vehicles));

    const again = planImport(outback, read(encode(file), outback), plan.writes, { ...fullImport, source: "stock.json" }, 2);
    expect(again.report.counts).toMatchObject({
      unchanged: file.vehicles.length - file.vehicles.filter((v) => v.location.phone === null).length,
    });
  });
});
