import { describe, expect, it } from "vitest";
import { categoriesFor } from "~/server/stock-feed/labels";
import { loadTenants } from "~/server/tenants/load";
import { generateStock } from "~/scripts/lib/demo-stock";

const base = { body: "sedan", seats: 5, simple_fuel: "Petrol", simple_drive: "2WD", make: "Toyota", price: 25990, item_type: "car" };

describe("categoriesFor: one rule for imported and generated stock", () => {
  it("groups bodies, and any other body is its own category", () => {
    expect(categoriesFor({ ...base, body: "cabChassis" })).toEqual(["Work"]);
    expect(categoriesFor({ ...base, body: "motocross", item_type: "motorcycle" })).toEqual(["Off Road"]);
    expect(categoriesFor({ ...base, body: "naked", item_type: "motorcycle" })).toEqual(["Naked"]);
    expect(categoriesFor({ ...base, body: null })).toEqual([]);
  });

  it("adds 7 Seater (not for motorcycles), Eco Friendly, Off Road for 4WD, Luxury and Budget", () => {
    expect(
      categoriesFor({ ...base, body: "suv", seats: 7, simple_fuel: "Hybrid", simple_drive: "4WD", make: "Land Rover", price: 19990 }),
    ).toEqual(["7 Seater", "Budget", "Eco Friendly", "Luxury", "Off Road", "SUV"]);
    expect(categoriesFor({ ...base, seats: 7, item_type: "motorcycle" })).toEqual(["Sedan"]);
    expect(categoriesFor({ ...base, make: "Porsche" })).toContain("Luxury");
    expect(categoriesFor({ ...base, price: 0 })).not.toContain("Budget");
  });

  it("gives every generated demo vehicle the categories an import of the same car would get", () => {
    const now = Date.UTC(2026, 10, 27);
    for (const tenant of loadTenants()) {
      for (const vehicle of generateStock(tenant, { now, count: 200 })) {
        const { body, seats, simple_fuel, simple_drive, make, price, item_type } = vehicle;
        expect(vehicle.categories, `${tenant.slug} ${vehicle.stocknum}`).toEqual(
          categoriesFor({ body, seats, simple_fuel, simple_drive, make, price, item_type }),
        );
      }
    }
  });
});
