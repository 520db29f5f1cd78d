import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStockStore, type StockStore } from "~/server/inventory/stock-store";
import { savePendingPayment, settlePayment } from "~/server/payments/payment-store";
import { cardTag, RESERVED_TAG } from "~/server/stock/card-tag";
import type { Lead } from "~/server/leads/lead-object";
import { HEADER, IMPORT_NOW, csvBytes, feedTenant, row } from "~/tests/fixtures/feeds/feed-tenant";
import { openTestDb, type TestDb } from "./support/test-db";

// A car reserved by a paid deposit stays 'Reserved' through the dealer's later imports.
const engine = process.env.DATABASE_URL ? "PostgreSQL" : "SQLite";
const tenant = feedTenant();
const SLUG = tenant.slug;
const STOCK = ["R1", "R2", "R3", "R4", "R5", "R6", "R7", "R8"];

let testDb: TestDb;
let store: StockStore;

beforeAll(async () => {
  testDb = await openTestDb();
  store = createStockStore(testDb.handle);
});
afterAll(async () => {
  await testDb?.cleanup();
});

const csv = (lines: string[]) => ({ bytes: csvBytes(lines), format: "csv" as const });
const json = (vehicles: Record<string, unknown>[]) => ({
  bytes: new TextEncoder().encode(JSON.stringify({ vehicles })),
  format: "json" as const,
});
const jsonCar = (stocknum: string, extra: Record<string, unknown> = {}) => ({
  stocknum,
  year: 2021,
  make: "Toyota",
  model: "Corolla",
  price: 25990,
  car_type: "used",
  ...extra,
});
const byStock = async (stocknum: string) => (await store.loadVehicles(SLUG)).find((v) => v.stocknum === stocknum)!;
const tagOf = async (stocknum: string) => cardTag(await byStock(stocknum), tenant.site, IMPORT_NOW)?.text ?? null;

describe(`a deposit's reservation through later stock imports on ${engine}`, () => {
  it("keeps 'Reserved' after imports that do not know about it, and ends it when the car is sold", async () => {
    let now = IMPORT_NOW;
    const applied = async (feed: Parameters<StockStore["applyImport"]>[1], force = false) => {
      now += 60_000;
      const report = await store.applyImport(tenant, feed, { source: "feed", now, force });
      expect(report.outcome).toBe("applied");
    };
    await applied(csv([HEADER, ...STOCK.map((s) => row(s))]));

    // A paid deposit for R1, as the Stripe webhook records it: reserved under the lock, payment paid.
    const r1 = await byStock("R1");
    await savePendingPayment(
      testDb.handle.db,
      {
        id: "cs_test_reserved",
        tenant: SLUG,
        provider: "stripe",
        vehicleId: r1.id,
        vehicleSlug: r1.slug,
        amountCents: 50_000,
        currency: "AUD",
        lead: {} as Lead,
      },
      now,
    );
    expect(await store.reserveVehicle(SLUG, r1.id, () => true, now)).toBe("reserved");
    await settlePayment(testDb.handle.db, "cs_test_reserved", { status: "paid", paymentIntent: "pi_test", leadId: null }, now);
    expect(await tagOf("R1")).toBe(RESERVED_TAG);

    // The dealer's CSV feed reprices the car (no reserved column), then a JSON feed says reserved: false.
    await applied(csv([HEADER, ...STOCK.map((s) => row(s, s === "R1" ? { price: "24990" } : {}))]));
    expect(await byStock("R1")).toMatchObject({ reserved: true, price: 24990 });
    await applied(json(STOCK.map((s) => jsonCar(s, { reserved: false }))));
    expect(await byStock("R1")).toMatchObject({ reserved: true, price: 25990 });
    expect(await tagOf("R1")).toBe(RESERVED_TAG);

    // The dealer's own hold (no deposit) follows the feed: reserved, then explicitly un-reserved.
    await applied(json(STOCK.map((s) => jsonCar(s, { reserved: s === "R2" }))));
    expect((await byStock("R2")).reserved).toBe(true);
    await applied(json(STOCK.map((s) => jsonCar(s, { reserved: false }))));
    expect((await byStock("R2")).reserved).toBe(false);
    expect((await byStock("R1")).reserved).toBe(true);

    // Sold ends the reservation.
    await applied(csv([HEADER, ...STOCK.map((s) => row(s, s === "R1" ? { status: "sold" } : {}))]));
    expect(await byStock("R1")).toMatchObject({ reserved: false, status: "sold" });
  });
});
