import { describe, expect, it } from "vitest";
import { cardTag, fuelTag, NEW_TAG_WINDOW_MS } from "~/server/stock/card-tag";
import { makeSite } from "../fixtures/tenant";
import { DAY_MS, corollaNow as NOW, makeCorolla } from "../fixtures/vehicles";

const site = makeSite();
const fuelSite = makeSite({ features: { fuel_tags: true, certified_used_manufacturer: "Toyota" } });

describe("cardTag priority (spec 000 §4, first match wins)", () => {
  it("gives a sold vehicle 'JUST SOLD' ahead of everything", () => {
    const sold = makeCorolla({ status: "sold", sold: true, reserved: true, simple_fuel: "Electric", tag: "Special" });
    expect(cardTag(sold, fuelSite, NOW)).toEqual({ kind: "sold", text: "JUST SOLD" });
    expect(cardTag(makeCorolla({ status: "in_stock", sold: true }), site, NOW)).toEqual({ kind: "sold", text: "JUST SOLD" });
  });

  it("shows Electric or Hybrid first when fuel tags are configured", () => {
    const electric = makeCorolla({ simple_fuel: "Electric", reserved: true, tag: "Special" });
    expect(cardTag(electric, fuelSite, NOW)).toEqual({ kind: "fuel", text: "Electric" });
    expect(cardTag(makeCorolla({ simple_fuel: "Hybrid" }), fuelSite, NOW)).toEqual({ kind: "fuel", text: "Hybrid" });
  });

  it("skips fuel tags when the site does not configure them", () => {
    expect(cardTag(makeCorolla({ simple_fuel: "Electric" }), site, NOW)).toBeNull();
    expect(cardTag(makeCorolla({ simple_fuel: "Electric", reserved: true }), site, NOW)).toEqual({
      kind: "reserved",
      text: "Reserved",
    });
  });

  it("puts Reserved before the certified image and the vehicle's tag", () => {
    const reserved = makeCorolla({ reserved: true, certified: true, tag: "Special" });
    expect(cardTag(reserved, fuelSite, NOW)).toEqual({ kind: "reserved", text: "Reserved" });
  });

  it("shows the certified-used image only for the configured manufacturer", () => {
    const certified = makeCorolla({ certified: true, make: "Toyota", tag: "Special" });
    expect(cardTag(certified, fuelSite, NOW)).toEqual({ kind: "certified-image", manufacturer: "Toyota", text: "Toyota Certified Used" });
    expect(cardTag(makeCorolla({ certified: true, make: "TOYOTA" }), fuelSite, NOW)?.kind).toBe("certified-image");
    expect(cardTag(makeCorolla({ certified: true, make: "Mazda", tag: "Special" }), fuelSite, NOW)).toEqual({
      kind: "tag",
      text: "Special",
    });
    expect(cardTag(makeCorolla({ certified: false, make: "Toyota" }), fuelSite, NOW)).toBeNull();
    expect(cardTag(makeCorolla({ certified: true, make: "Toyota" }), site, NOW)).toBeNull();
  });

  it("shows the vehicle's own tag before 'COMING SOON' and 'New'", () => {
    const tagged = makeCorolla({ tag: "Pre-order", status: "coming_soon", created_at_timestamp: NOW });
    expect(cardTag(tagged, site, NOW)).toEqual({ kind: "tag", text: "Pre-order" });
    expect(cardTag(makeCorolla({ tag: "  " }), site, NOW)).toBeNull();
  });

  it("shows 'COMING SOON' before 'New arrival'", () => {
    const comingSoon = makeCorolla({ status: "coming_soon", created_at_timestamp: NOW });
    expect(cardTag(comingSoon, site, NOW)).toEqual({ kind: "coming-soon", text: "COMING SOON" });
  });

  it("shows 'New arrival' for vehicles created within the last 8 days, exactly 8 days included", () => {
    expect(NEW_TAG_WINDOW_MS).toBe(8 * DAY_MS);
    const createdAgo = (ms: number) => makeCorolla({ created_at_timestamp: NOW - ms });
    expect(cardTag(createdAgo(0), site, NOW)).toEqual({ kind: "new", text: "New arrival" });
    expect(cardTag(createdAgo(7 * DAY_MS), site, NOW)?.kind).toBe("new");
    expect(cardTag(createdAgo(8 * DAY_MS - 1), site, NOW)?.kind).toBe("new");
    expect(cardTag(createdAgo(8 * DAY_MS), site, NOW)?.kind).toBe("new");
    expect(cardTag(createdAgo(8 * DAY_MS + 1), site, NOW)).toBeNull();
    expect(cardTag(createdAgo(9 * DAY_MS), site, NOW)).toBeNull();
  });
});

describe("fuelTag", () => {
  it("reads simple_fuel, ignoring case", () => {
    expect(fuelTag({ simple_fuel: "electric", fuel: null })).toBe("Electric");
    expect(fuelTag({ simple_fuel: "Petrol", fuel: "Hybrid" })).toBeNull();
  });

  it("falls back to fuel when simple_fuel is missing", () => {
    expect(fuelTag({ simple_fuel: null, fuel: "Petrol/Electric Hybrid" })).toBe("Hybrid");
    expect(fuelTag({ simple_fuel: null, fuel: "Electric" })).toBe("Electric");
    expect(fuelTag({ simple_fuel: null, fuel: "Diesel" })).toBeNull();
    expect(fuelTag({ simple_fuel: null, fuel: null })).toBeNull();
  });
});
