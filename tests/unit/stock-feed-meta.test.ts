import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { planImport } from "~/server/stock-feed/plan";
import { readFeed } from "~/server/stock-feed/read-feed";
import { FEED_LIMIT, IMPORT_NOW, feedTenant, fullImport } from "~/tests/fixtures/feeds/feed-tenant";

// Meta's automotive inventory catalogue as Commerce Manager exports it: vehicle_id, mileage.value /
// mileage.unit, image[n].url, state_of_vehicle NEW/USED/CPO, availability AVAILABLE/PENDING/NOT_AVAILABLE.
const bytes = () => readFileSync("tests/fixtures/feeds/meta-automotive-catalogue.csv");

function read() {
  return readFeed({ bytes: bytes() }, feedTenant(), { now: IMPORT_NOW, maxBytes: FEED_LIMIT });
}

describe("Meta's automotive catalogue CSV", () => {
  it("is detected from its header row and reads vehicle_id as the stock number", () => {
    const feed = read();
    expect(feed.format).toBe("meta-csv");
    expect(feed.total).toBe(4);
    expect(feed.rows.map((r) => r.stocknum)).toEqual(["HM-6120", "HM-6133", "HM-5877"]);
  });

  it("is told from a dealer's CSV by its header also when sent as text/csv (format csv)", () => {
    const feed = readFeed({ bytes: bytes(), format: "csv" }, feedTenant(), { now: IMPORT_NOW, maxBytes: FEED_LIMIT });
    expect(feed.format).toBe("meta-csv");
    expect(feed.rows).toHaveLength(3);
  });

  it("maps state, availability, body, drivetrain, fuel and miles onto ours", () => {
    const rows = Object.fromEntries(
      read().rows.map((r) => [
        r.stocknum,
        [
          r.year,
          r.make,
          r.model,
          r.badge,
          r.price,
          r.km,
          r.car_type,
          r.status,
          r.held,
          r.body,
          r.drive,
          r.fuel,
          r.transmission,
          r.colour,
          r.photos,
        ],
      ]),
    );
    expect(rows).toEqual({
      // CPO: used, and marked certified below.
      "HM-6120": [
        2020,
        "Toyota",
        "RAV4",
        "GX",
        34990,
        45210,
        "used",
        "in_stock",
        false,
        "suv",
        "AWD",
        "Hybrid",
        "Automatic",
        "Eclipse Black",
        ["https://cdn.dealer.example/hm-6120/1.jpg", "https://cdn.dealer.example/hm-6120/2.jpg"],
      ],
      // PENDING: in stock and reserved; TRUCK → ute, FOUR_WD → 4WD.
      "HM-6133": [
        2024,
        "Isuzu",
        "D-Max",
        "X-Terrain",
        61990,
        12,
        "new",
        "in_stock",
        true,
        "ute",
        "4WD",
        "Diesel",
        "Automatic",
        "Cobalt Blue",
        ["https://cdn.dealer.example/hm-6133/1.jpg"],
      ],
      // NOT_AVAILABLE: sold; 52,000 MI in km; MINIVAN → people mover, GASOLINE → petrol.
      "HM-5877": [
        2017,
        "Honda",
        "Odyssey",
        "VTi",
        19990,
        83686,
        "used",
        "sold",
        false,
        "peopleMover",
        "FWD",
        "Petrol",
        "Automatic",
        "Lunar Silver",
        ["https://cdn.dealer.example/hm-5877/1.jpg"],
      ],
    });
  });

  it("imports a CPO car as used and certified", () => {
    const tenant = feedTenant();
    const plan = planImport(tenant, read(), [], fullImport, 1);
    const rav4 = plan.writes.find((v) => v.stocknum === "HM-6120");
    expect(rav4).toMatchObject({ car_type: "used", certified: true, body: "suv", simple_fuel: "Hybrid" });
    expect(plan.writes.find((v) => v.stocknum === "HM-6133")).toMatchObject({ certified: false, reserved: true });
  });

  it("rejects an unknown availability word by its line, naming the accepted words, and lists the columns not read", () => {
    const feed = read();
    expect(feed.rejected).toHaveLength(1);
    expect(feed.rejected[0].line).toBe(5);
    expect(feed.rejected[0].message).toMatch(/^availability: expected one of In Stock, Available, .*Not Available, got "SOLD_OUT"$/);
    expect(feed.ignoredColumns).toEqual(["title", "url", "address.city", "address.region", "address.country"]);
  });

  it("puts each car at the yard its dealer_name or street address names, else at the main yard", () => {
    const tenant = feedTenant();
    const mazda = tenant.site.locations[1]!;
    mazda.address = { ...mazda.address, street: "2 Main St", postcode: "2250" };
    const header =
      "vehicle_id,make,model,year,mileage.value,mileage.unit,price,state_of_vehicle,availability,dealer_name,address.addr1,address.postal_code";
    const rows = [
      "Y-1,Mazda,CX-5,2021,20000,KM,30990,USED,AVAILABLE,Harbourside Mazda,,",
      "Y-2,Mazda,CX-3,2020,30000,KM,22990,USED,AVAILABLE,Harbourside Mazda Gosford,2 Main St,2250",
      "Y-3,Toyota,Yaris,2019,40000,KM,15990,USED,AVAILABLE,Someone Else Motors,9 Other Rd,2000",
    ];
    const bytes = new TextEncoder().encode([header, ...rows].join("\n"));
    const feed = readFeed({ bytes, format: "meta-csv" }, tenant, { now: IMPORT_NOW, maxBytes: FEED_LIMIT });
    expect(feed.rejected).toEqual([]);
    const plan = planImport(tenant, feed, [], fullImport, 1);
    const yards = Object.fromEntries(plan.writes.map((v) => [v.stocknum, v.location_id]));
    expect(yards).toEqual({ "Y-1": mazda.id, "Y-2": mazda.id, "Y-3": tenant.site.locations[0]!.id });
  });
});
