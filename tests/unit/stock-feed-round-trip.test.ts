import { describe, expect, it } from "vitest";
import { vehicleAdsFeedXml } from "~/server/seo/vehicle-ads-feed";
import { planImport } from "~/server/stock-feed/plan";
import { readFeed } from "~/server/stock-feed/read-feed";
import type { Vehicle } from "~/server/stock/vehicle";
import { FEED_LIMIT, IMPORT_NOW, feedTenant, fullImport } from "~/tests/fixtures/feeds/feed-tenant";
import { makeVehicle } from "~/tests/fixtures/vehicles";

const photo = { photos_count: 1, images: [{ image: { url: "/demo-images/toyota-suv-1.svg" } }] };

// What GET /feeds/vehicle-ads.xml serves for these vehicles (server/handlers/seo/seo-files.ts).
const listed = [
  makeVehicle({ id: 41, make: "Toyota", model: "HiLux", badge: "SR5", year: 2021, price: 52_990, km: 68_412, location_id: 11, ...photo }),
  makeVehicle({
    id: 42,
    make: "Kia",
    model: "Carnival",
    badge: "Sport",
    year: 2025,
    price: 48_990,
    km: null,
    car_type: "new",
    status: "coming_soon",
    location_id: 11,
    ...photo,
  }),
  makeVehicle({ id: 43, make: "Mazda", model: "CX-3", badge: null, year: 2018, price: 18_500, km: 83_686, location_id: 12, ...photo }),
];

/** The fields the feed carries there and back. */
const roundTripped = (v: Vehicle) => ({
  stocknum: v.stocknum,
  make: v.make,
  model: v.model,
  badge: v.badge,
  year: v.year,
  price: v.price,
  km: v.km,
  car_type: v.car_type,
  status: v.status,
  location_id: v.location_id,
});

describe("Forecourt's own Google vehicle ads feed read back", () => {
  it("gives the same stock numbers (the feed's g:id), makes, models, years, prices and yards in an empty tenant", () => {
    const tenant = feedTenant();
    const xml = vehicleAdsFeedXml(tenant.site, listed);
    const read = readFeed({ bytes: new TextEncoder().encode(xml) }, tenant, { now: IMPORT_NOW, maxBytes: FEED_LIMIT });
    expect(read.format).toBe("google-xml");
    expect(read.rejected).toEqual([]);
    const plan = planImport(tenant, read, [], fullImport, 1);
    expect(plan.report.outcome).toBe("applied");
    const back = plan.writes.map(roundTripped);
    // The feed's item id is the dealer's stock number, so the stock numbers come back as they were.
    expect(back).toEqual(
      listed.map((v) => ({
        ...roundTripped(v),
        // A new car without a reading is advertised with 0 km.
        km: v.km ?? 0,
      })),
    );
  });
});
