import { describe, expect, it } from "vitest";
import { availabilityOf, conditionOf, serializeJsonLd, vehicleJsonLd, type JsonLdInput } from "~/server/vehicle-page/json-ld";
import { formatDistance } from "~/server/lib/format";
import { isSold } from "~/server/stock/availability";
import { makeVehicle } from "../fixtures/vehicles";
import { makeTenant } from "../fixtures/tenant";

const tenant = makeTenant();
const location = tenant.site.locations[0]!;

function input(overrides: Partial<JsonLdInput> = {}): JsonLdInput {
  return {
    vehicle: makeVehicle({ vin: "JTMYJT1PKNMPBXMX0", badge: "GXL", km: 16_093 }),
    title: "2020 Toyota Corolla GXL",
    url: "https://harbourside.example/cars/vehicle-1",
    images: ["https://harbourside.example/_image?url=a&w=1200&q=80"],
    price: 25_000,
    subscriptionPerWeek: null,
    site: tenant.site,
    seller: { name: "Harbourside Motors", telephone: "02 9000 0000", location },
    ...overrides,
  };
}

describe("vehicleJsonLd", () => {
  it("gives the sale price as the offer's price, and a subscription as a second, weekly lease offer", () => {
    const ld = vehicleJsonLd(input({ price: 12_490, subscriptionPerWeek: 99 }));
    expect(ld.offers).toEqual([
      expect.objectContaining({ "@type": "Offer", price: 12_490, priceCurrency: "AUD" }),
      expect.objectContaining({
        "@type": "Offer",
        businessFunction: "http://purl.org/goodrelations/v1#LeaseOut",
        priceSpecification: { "@type": "UnitPriceSpecification", price: 99, priceCurrency: "AUD", unitCode: "WEE" },
      }),
    ]);
    expect((ld.offers as Array<Record<string, unknown>>)[1]).not.toHaveProperty("price");
  });

  it("describes a Car with an Offer and an AutoDealer seller", () => {
    const ld = vehicleJsonLd(input());
    expect(ld).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Car",
      vehicleIdentificationNumber: "JTMYJT1PKNMPBXMX0",
      vehicleConfiguration: "GXL",
      brand: { "@type": "Brand", name: "Toyota" },
      model: "Corolla",
      vehicleModelDate: "2020",
      mileageFromOdometer: { "@type": "QuantitativeValue", value: 16_093, unitCode: "KMT" },
      offers: {
        "@type": "Offer",
        price: 25_000,
        priceCurrency: "AUD",
        availability: "https://schema.org/InStock",
        itemCondition: "https://schema.org/UsedCondition",
        seller: {
          "@type": "AutoDealer",
          name: "Harbourside Motors",
          telephone: "02 9000 0000",
          address: {
            "@type": "PostalAddress",
            addressLocality: "Newcastle",
            addressRegion: "NSW",
            postalCode: "2300",
            addressCountry: "AU",
          },
        },
      },
    });
  });

  it("types each vehicle with the closest schema.org type: Motorcycle, BusOrCoach, Car, and Vehicle for campers", () => {
    expect(vehicleJsonLd(input({ vehicle: makeVehicle({ item_type: "motorcycle" }) }))["@type"]).toBe("Motorcycle");
    expect(vehicleJsonLd(input({ vehicle: makeVehicle({ item_type: "car", body: "bus" }) }))["@type"]).toBe("BusOrCoach");
    expect(vehicleJsonLd(input({ vehicle: makeVehicle({ item_type: "car", body: "suv" }) }))["@type"]).toBe("Car");
    for (const body of ["caravan", "camperTrailer", "motorhome"]) {
      expect(vehicleJsonLd(input({ vehicle: makeVehicle({ item_type: "camper", body }) }))["@type"]).toBe("Vehicle");
    }
    const motorhome = vehicleJsonLd(input({ vehicle: makeVehicle({ item_type: "camper", body: "motorhome", km: 42_110 }) }));
    expect(motorhome.mileageFromOdometer).toEqual({ "@type": "QuantitativeValue", value: 42_110, unitCode: "KMT" });
  });

  it("reports miles (SMI) on a US site and the site's currency", () => {
    const us = makeTenant({ locale: "en-US", distance_unit: "mi", currency: "USD" });
    const ld = vehicleJsonLd(input({ site: us.site }));
    expect(ld.mileageFromOdometer).toEqual({ "@type": "QuantitativeValue", value: 10_000, unitCode: "SMI" });
    expect(ld.offers).toMatchObject({ priceCurrency: "USD", seller: { address: { addressCountry: "US" } } });
  });

  it("states the same odometer the page shows (one km/miles rule)", () => {
    const us = makeTenant({ locale: "en-US", distance_unit: "mi", currency: "USD" });
    for (const km of [0, 1, 47_394, 123_456.7]) {
      const ld = vehicleJsonLd(input({ vehicle: makeVehicle({ km }), site: us.site }));
      const shown = formatDistance(km, us.site);
      expect(`${(ld.mileageFromOdometer as { value: number }).value.toLocaleString("en-US")} mi`).toBe(shown);
    }
  });

  it("leaves out what is missing instead of writing null", () => {
    const ld = vehicleJsonLd(
      input({ vehicle: makeVehicle({ vin: null, badge: null, km: null, description: null }), price: null, images: [] }),
    );
    const text = serializeJsonLd(ld);
    expect(text).not.toContain("null");
    const parsed = JSON.parse(text) as Record<string, unknown>;
    expect(parsed).not.toHaveProperty("vehicleIdentificationNumber");
    expect(parsed).not.toHaveProperty("vehicleConfiguration");
    expect(parsed).not.toHaveProperty("mileageFromOdometer");
    expect(parsed).not.toHaveProperty("image");
    expect(parsed.offers).not.toHaveProperty("price");
  });

  it("availability: sold → SoldOut, coming soon or pre-order → PreOrder, else InStock", () => {
    expect(availabilityOf(makeVehicle({ status: "sold", sold_date_timestamp: 1 }))).toBe("https://schema.org/SoldOut");
    expect(availabilityOf(makeVehicle({ sold: true }))).toBe("https://schema.org/SoldOut");
    // the stock rule's sold is the structured data's SoldOut, whichever field says it
    for (const vehicle of [makeVehicle({ sold: true }), makeVehicle({ status: "sold" }), makeVehicle()]) {
      expect(availabilityOf(vehicle) === "https://schema.org/SoldOut").toBe(isSold(vehicle));
    }
    expect(availabilityOf(makeVehicle({ status: "coming_soon" }))).toBe("https://schema.org/PreOrder");
    expect(availabilityOf(makeVehicle({ preorder: true }))).toBe("https://schema.org/PreOrder");
    expect(availabilityOf(makeVehicle())).toBe("https://schema.org/InStock");
  });

  it("condition: new → NewCondition; used and demo → UsedCondition", () => {
    expect(conditionOf({ car_type: "new" })).toBe("https://schema.org/NewCondition");
    expect(conditionOf({ car_type: "demo" })).toBe("https://schema.org/UsedCondition");
    expect(conditionOf({ car_type: "used" })).toBe("https://schema.org/UsedCondition");
  });
});

describe("serializeJsonLd", () => {
  it("cannot close the script element, and parses back to the same value", () => {
    const hostile = { description: "</script><script>alert(1)</script> & <!-- \u2028 \u2029" };
    const text = serializeJsonLd(hostile);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual(hostile);
  });
});
