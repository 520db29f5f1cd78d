import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { vehicleAdItem, vehicleAdsFeedXml, vehiclePriceType } from "~/server/seo/vehicle-ads-feed";
import { makeTenant } from "../fixtures/tenant";
import { makeVehicle } from "../fixtures/vehicles";

const au = makeTenant();
const us = makeTenant({ locale: "en-US", currency: "USD", distance_unit: "mi" });
const photo = { photos_count: 1, images: [{ image: { url: "/demo-images/toyota-suv-1.svg" } }] };

function fields(item: ReturnType<typeof vehicleAdItem>): Record<string, string> {
  return Object.fromEntries(item?.fields ?? []);
}

describe("vehiclePriceType (Merchant Center, AU)", () => {
  it("maps drive-away and government-charges price types", () => {
    expect(vehiclePriceType("Drive Away")).toBe("drive_away_price");
    expect(vehiclePriceType("drive-away")).toBe("drive_away_price");
    expect(vehiclePriceType("Excl. Govt. Charges")).toBe("excluding_government_charges_price");
    expect(vehiclePriceType("Plus On Road Costs")).toBe("excluding_government_charges_price");
    expect(vehiclePriceType("Internet Price")).toBeNull();
    expect(vehiclePriceType(null)).toBeNull();
  });
});

describe("vehicleAdItem", () => {
  it("carries id, title, description, link, image, price, condition, brand, model, year, mileage, VIN and store code", () => {
    const vehicle = makeVehicle({ id: 7, vin: "JTMYJT1PKNMPBXMX0", km: 14_614, price: 61_990, car_type: "demo", ...photo });
    expect(fields(vehicleAdItem(vehicle, au.site))).toEqual({
      id: "S00007",
      title: "2020 Toyota Corolla Ascent",
      description: "2020 Toyota Corolla Ascent",
      link: "https://harbourside.example/cars/vehicle-7",
      image_link: "https://harbourside.example/_image?url=%2Fdemo-images%2Ftoyota-suv-1.svg&w=1200&q=80",
      google_product_category: "916",
      price: "61990.00 AUD",
      availability: "in_stock",
      condition: "used",
      brand: "Toyota",
      model: "Corolla",
      year: "2020",
      trim: "Ascent",
      color: "White",
      mileage: "14614 km",
      vin: "JTMYJT1PKNMPBXMX0",
      store_code: "harbourside-sales",
      vehicle_price_type: "drive_away_price",
    });
  });

  it("writes miles and dollars on a US site, without an AU price type", () => {
    const item = fields(vehicleAdItem(makeVehicle({ km: 16_093, car_type: "new", ...photo }), us.site));
    expect(item.mileage).toBe("10000 miles");
    expect(item.price).toBe("25000.00 USD");
    expect(item.condition).toBe("new");
    expect(item).not.toHaveProperty("vehicle_price_type");
  });

  it("leaves out sold cars, cars without a sale price or photo, and used ones without a mileage", () => {
    expect(vehicleAdItem(makeVehicle({ status: "sold", sold: true, ...photo }), au.site)).toBeNull();
    expect(vehicleAdItem(makeVehicle({ price: 0, ...photo }), au.site)).toBeNull();
    expect(vehicleAdItem(makeVehicle({ price: null, preorder: true, ...photo }), au.site)).toBeNull();
    expect(vehicleAdItem(makeVehicle({ photos_count: 0 }), au.site)).toBeNull();
    expect(vehicleAdItem(makeVehicle({ km: null, car_type: "used", ...photo }), au.site)).toBeNull();
  });

  it("lists a subscription car at its sale price, never its weekly subscription", () => {
    const subscriptions = makeTenant({ flags: { ...au.site.flags, offers_subscription: true } });
    const item = fields(vehicleAdItem(makeVehicle({ price: 12_490, subscription_price: 99, ...photo }), subscriptions.site));
    expect(item.price).toBe("12490.00 AUD");
    expect(vehicleAdItem(makeVehicle({ price: null, subscription_price: 99, ...photo }), subscriptions.site)).toBeNull();
  });

  it("gives every item an availability and a mileage: 0 for a new vehicle without a reading", () => {
    expect(fields(vehicleAdItem(makeVehicle({ km: null, car_type: "new", ...photo }), au.site))).toMatchObject({
      mileage: "0 km",
      availability: "in_stock",
    });
    expect(fields(vehicleAdItem(makeVehicle({ status: "coming_soon", ...photo }), au.site)).availability).toBe("preorder");
  });
});

describe("vehicleAdsFeedXml", () => {
  it("is well-formed RSS 2.0 with Google's namespace, one item per advertisable vehicle, text escaped", () => {
    const xml = vehicleAdsFeedXml(au.site, [
      makeVehicle({ id: 1, description: "Tow bar & <roof racks>", ...photo }),
      makeVehicle({ id: 2, price: null, ...photo }),
    ]);
    expect(xml).toContain('<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">');
    expect(xml.match(/<item>/g)).toHaveLength(1);
    expect(xml).toContain("<g:description>Tow bar &amp; &lt;roof racks&gt;</g:description>");
    expect(xml).toContain(
      "<g:vehicle_fulfillment><g:option>in_store</g:option><g:store_code>harbourside-sales</g:store_code></g:vehicle_fulfillment>",
    );
    expect(() => execFileSync("xmllint", ["--noout", "--nonet", "-"], { input: xml, stdio: ["pipe", "ignore", "pipe"] })).not.toThrow();
  });
});
