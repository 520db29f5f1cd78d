import { describe, expect, it } from "vitest";
import { vehicleSchema, type Vehicle } from "~/server/stock/vehicle";
import { newVehicleSlug } from "~/server/stock-feed/vehicle-slug";
import { HEADER, IMPORT_NOW, planCsv, row } from "~/tests/fixtures/feeds/feed-tenant";

const DAY = 86_400_000;
const LATER = IMPORT_NOW + DAY;

/** The stock after applying a plan to `current`: its writes replace vehicles by id. */
function apply(current: readonly Vehicle[], writes: readonly Vehicle[]): Vehicle[] {
  const byId = new Map(current.map((vehicle) => [vehicle.id, vehicle]));
  for (const vehicle of writes) byId.set(vehicle.id, vehicle);
  return [...byId.values()];
}

function stockOf(lines: string[]): Vehicle[] {
  const plan = planCsv(lines, []);
  expect(plan.report.outcome).toBe("applied");
  return plan.writes;
}

const bySlugOrder = (vehicles: readonly Vehicle[], stock: string) => vehicles.find((vehicle) => vehicle.stocknum === stock);

describe("first import", () => {
  const plan = planCsv(
    [
      HEADER,
      row("HT1", { vin: "JTMBR3FV20D000001", location: "Harbourside Mazda" }),
      row("HT2", { make: "Citroën", model: "C4 Aircross", badge: "Shine" }),
      row("HT3", { status: "sold" }),
    ],
    [],
  );

  it("adds every row as a full, valid vehicle of spec 000 §3", () => {
    expect(plan.report.counts).toEqual({
      added: 3,
      updated: 0,
      unchanged: 0,
      price_changed: 0,
      marked_sold: 0,
      returned_to_stock: 0,
      rejected: 0,
    });
    for (const vehicle of plan.writes) expect(vehicleSchema.safeParse(vehicle).success).toBe(true);
    const [first] = plan.writes;
    expect(first).toMatchObject({
      id: 7_000_001,
      name: "2021 Toyota Corolla Ascent Sport",
      make_model: "Toyota:Corolla",
      car_type: "used",
      status: "in_stock",
      sold: false,
      location_id: 12,
      location_name: "Harbourside Mazda - Sales",
      dealership_id: 2,
      dealership_name: "Harbourside Mazda",
      city: "Gosford",
      created_at_timestamp: IMPORT_NOW,
      created_at: "2025-03-01T00:00:00.000Z",
      price_range: "$20,000 - $30,000",
      show_on_dealer_website: true,
    });
  });

  it("derives readable slugs once, folding diacritics", () => {
    expect(plan.writes.map((vehicle) => vehicle.slug)).toEqual([
      "2021-toyota-corolla-ascent-sport-ht1",
      "2021-citroen-c4-aircross-shine-ht2",
      "2021-toyota-corolla-ascent-sport-ht3",
    ]);
  });

  it("adds a vehicle the feed says is sold as sold at the import time", () => {
    expect(bySlugOrder(plan.writes, "HT3")).toMatchObject({ status: "sold", sold: true, sold_date_timestamp: IMPORT_NOW });
  });
});

describe("a second import", () => {
  const base = stockOf([
    HEADER,
    row("A1"),
    row("A2"),
    row("A3"),
    row("A4"),
    row("A5"),
    row("A6"),
    row("A7"),
    row("A8"),
    row("A9"),
    row("A10"),
  ]);
  const tenLines = [HEADER, ...Array.from({ length: 10 }, (_, i) => row(`A${i + 1}`))];

  it("of the same feed changes nothing", () => {
    const plan = planCsv(tenLines, base, { now: LATER });
    expect(plan.report.counts).toMatchObject({ added: 0, updated: 0, unchanged: 10, marked_sold: 0 });
    expect(plan.writes).toEqual([]);
  });

  it("records a price drop as the was-price, and every price change with its time", () => {
    const lines = [...tenLines];
    lines[1] = row("A1", { price: "23990" });
    lines[2] = row("A2", { price: "27990" });
    lines[3] = row("A3", { price: "" });
    const plan = planCsv(lines, base, { now: LATER });
    expect(plan.report.counts).toMatchObject({ updated: 3, price_changed: 3, unchanged: 7 });
    const after = apply(base, plan.writes);
    expect(bySlugOrder(after, "A1")).toMatchObject({ price: 23990, before_price: 25990 });
    expect(bySlugOrder(after, "A2")).toMatchObject({ price: 27990, before_price: null });
    expect(bySlugOrder(after, "A3")).toMatchObject({ price: null, before_price: null, price_range: null });
    expect(plan.priceChanges).toEqual([
      { vehicle_id: 7_000_001, stocknum: "A1", old_price: 25990, new_price: 23990, changed_at: LATER },
      { vehicle_id: 7_000_002, stocknum: "A2", old_price: 25990, new_price: 27990, changed_at: LATER },
      { vehicle_id: 7_000_003, stocknum: "A3", old_price: 25990, new_price: null, changed_at: LATER },
    ]);

    const again = planCsv([HEADER, row("A1", { price: "22990" }), ...tenLines.slice(2)], after, { now: LATER + DAY });
    expect(bySlugOrder(apply(after, again.writes), "A1")).toMatchObject({ price: 22990, before_price: 23990 });
    const unchanged = planCsv([HEADER, row("A1", { price: "23990" }), ...lines.slice(2)], after, { now: LATER + DAY });
    expect(unchanged.writes).toEqual([]);
  });

  it("full: marks vehicles missing from the feed sold at the import time, never deleting them", () => {
    const plan = planCsv([HEADER, ...tenLines.slice(1, 9)], base, { now: LATER });
    expect(plan.report.outcome).toBe("applied");
    expect(plan.report.counts).toMatchObject({ unchanged: 8, marked_sold: 2 });
    expect(plan.report).toMatchObject({ listed_before: 10, listed_after: 8 });
    expect(plan.writes.map((vehicle) => [vehicle.stocknum, vehicle.status, vehicle.sold, vehicle.sold_date_timestamp])).toEqual([
      ["A9", "sold", true, LATER],
      ["A10", "sold", true, LATER],
    ]);
    const after = apply(base, plan.writes);
    expect(after).toHaveLength(10);

    // Already sold and still missing: left alone, its sold date kept.
    const next = planCsv([HEADER, ...tenLines.slice(1, 9)], after, { now: LATER + DAY });
    expect(next.writes).toEqual([]);
    expect(next.report.counts.marked_sold).toBe(0);
  });

  it("partial: never marks a missing vehicle sold", () => {
    const plan = planCsv([HEADER, row("A1", { price: "20000" })], base, { mode: "partial", now: LATER });
    expect(plan.report.outcome).toBe("applied");
    expect(plan.report.counts).toMatchObject({ updated: 1, marked_sold: 0 });
    expect(plan.writes.map((vehicle) => vehicle.stocknum)).toEqual(["A1"]);
  });

  it("marks a vehicle the feed calls sold, and lists again a sold one that comes back", () => {
    const sold = apply(base, planCsv([HEADER, ...tenLines.slice(1, 9), row("A9", { status: "sold" })], base, { now: LATER }).writes);
    expect(bySlugOrder(sold, "A9")).toMatchObject({ status: "sold", sold_date_timestamp: LATER });
    expect(bySlugOrder(sold, "A10")).toMatchObject({ status: "sold", sold_date_timestamp: LATER });

    const plan = planCsv(tenLines, sold, { now: LATER + DAY });
    expect(plan.report.counts).toMatchObject({ returned_to_stock: 2, unchanged: 8 });
    const back = apply(sold, plan.writes);
    for (const stock of ["A9", "A10"]) {
      expect(bySlugOrder(back, stock)).toMatchObject({
        status: "in_stock",
        sold: false,
        sold_date_timestamp: null,
        slug: bySlugOrder(base, stock)?.slug,
      });
    }
  });

  it("keeps the slug, id and listing date while the stock number or the VIN is the same", () => {
    const withVin = stockOf([HEADER, row("V1", { vin: "JTMBR3FV20D000009" }), row("V2")]);
    const plan = planCsv(
      [HEADER, row("V1-NEW", { vin: "JTMBR3FV20D000009", year: "2022", make: "Mazda", model: "3" }), row("V2", { badge: "ZR" })],
      withVin,
      { now: LATER },
    );
    expect(plan.report.counts).toMatchObject({ updated: 2, added: 0, marked_sold: 0 });
    for (const [index, vehicle] of plan.writes.entries()) {
      expect(vehicle).toMatchObject({ id: withVin[index].id, slug: withVin[index].slug, created_at_timestamp: IMPORT_NOW });
    }
    expect(plan.writes[0]).toMatchObject({ stocknum: "V1-NEW", name: "2022 Mazda 3 Ascent Sport" });
  });

  it("keeps what the feed does not carry (views, certified, reservation), and drops finance worked out on an old price", () => {
    const lender = { interestRate: 7.5, comparisonRate: 8.1, paymentWeek: 120 };
    const dressed = base.map((vehicle) => ({
      ...vehicle,
      views: 42,
      certified: true,
      reserved: true,
      custom_rank: 9,
      finance_lenders: { Manual: lender },
      weekly_price: 120,
      weekly_price_range: "$100 - $150",
    }));
    const plan = planCsv([HEADER, row("A1", { price: "19990" }), ...tenLines.slice(2)], dressed, { now: LATER });
    expect(plan.report.counts).toMatchObject({ updated: 1, unchanged: 9 });
    expect(plan.writes[0]).toMatchObject({
      views: 42,
      certified: true,
      reserved: true,
      custom_rank: 9,
      finance_lenders: {},
      weekly_price: null,
      weekly_price_range: null,
    });
  });

  it("gives a new vehicle whose slug is taken the next free one", () => {
    expect(
      newVehicleSlug(
        { year: 2021, make: "Toyota", model: "Corolla", badge: null, stocknum: "A1" },
        new Set(["2021-toyota-corolla-a1", "2021-toyota-corolla-a1-2"]),
      ),
    ).toBe("2021-toyota-corolla-a1-3");
    const plan = planCsv([...tenLines, row("a 1!", {})], base, { now: LATER });
    expect(plan.report.counts.added).toBe(1);
    expect(plan.writes[0]).toMatchObject({ id: 7_000_011, slug: "2021-toyota-corolla-ascent-sport-a-1" });
  });
});

describe("refusals", () => {
  const base = stockOf([HEADER, ...Array.from({ length: 10 }, (_, i) => row(`R${i + 1}`))]);
  const lines = (count: number) => [HEADER, ...Array.from({ length: count }, (_, i) => row(`R${i + 1}`))];

  it("refuse a full import taking more than 30% of listed vehicles out of stock, changing nothing", () => {
    const plan = planCsv(lines(6), base, { now: LATER });
    expect(plan.report.outcome).toBe("refused");
    expect(plan.report.refusal).toBe(
      "a full import would take 4 of 10 listed vehicles (40%) out of stock, more than 30% — check the feed is complete, import it as partial, or force the import",
    );
    expect(plan.writes).toEqual([]);
    expect(plan.priceChanges).toEqual([]);
  });

  it("allow exactly 30%, a partial import of the same rows, and a forced one", () => {
    expect(planCsv(lines(7), base, { now: LATER }).report.outcome).toBe("applied");
    expect(planCsv(lines(6), base, { now: LATER, mode: "partial" }).report).toMatchObject({ outcome: "applied", refusal: null });
    const forced = planCsv(lines(6), base, { now: LATER, force: true });
    expect(forced.report).toMatchObject({
      outcome: "applied",
      refusal: null,
      overridden: expect.stringContaining("4 of 10 listed vehicles (40%)"),
    });
    expect(forced.writes).toHaveLength(4);
  });

  it("refuse a feed with more than half its rows rejected; exactly half passes", () => {
    const bad = (stock: string) => row(stock, { price: "about 30k" });
    const refused = planCsv([HEADER, row("N1"), bad("N2"), bad("N3")], [], {});
    expect(refused.report).toMatchObject({
      outcome: "refused",
      refusal: "2 of 3 rows rejected, more than half — fix the feed, or force the import",
    });
    expect(refused.writes).toEqual([]);
    expect(planCsv([HEADER, row("N1"), bad("N2")], []).report.outcome).toBe("applied");
  });

  it("dry run gives the same report and writes nothing", () => {
    for (const count of [6, 9]) {
      const real = planCsv(lines(count), base, { now: LATER });
      const dry = planCsv(lines(count), base, { now: LATER, dryRun: true });
      expect(dry.writes).toEqual([]);
      expect({ ...dry.report, outcome: real.report.outcome, dry_run: false }).toEqual(real.report);
      expect(dry.report.outcome).toBe("dry_run");
    }
  });
});
