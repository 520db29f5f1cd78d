import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadTenants, type Tenant } from "~/server/tenants/load";
import { stockFileSchema, type Vehicle } from "~/server/stock/vehicle";
import { generateStock, generateStockFile } from "~/scripts/lib/demo-stock";
import { titleBadgeAndSeries } from "~/scripts/lib/vehicle-labels";
import { vehicleTitle } from "~/server/stock/vehicle-title";
import { bodyTypes } from "~/server/stock/body-type";
import { demoImageName, renderDemoImageSvg } from "~/server/stock/demo-image";
import { slugify } from "~/server/lib/slug";

const NOW = 1_750_000_000_000;
/** spec 000 §4 */
const SOLD_WINDOW = 259_200_000;

const tenants = loadTenants(path.resolve("tenants"));
const tenant = (slug: string): Tenant => {
  const found = tenants.find((t) => t.slug === slug);
  if (!found) throw new Error(`no demo tenant ${slug}`);
  return found;
};
const stock = new Map(tenants.map((t) => [t.slug, generateStock(t, { now: NOW })]));
const vehiclesOf = (slug: string): Vehicle[] => stock.get(slug) ?? [];

describe("demo stock generator", () => {
  it("is deterministic for the same seed and now", () => {
    const again = generateStockFile(tenant("southern-used"), { now: NOW });
    expect(JSON.stringify(again)).toBe(JSON.stringify(generateStockFile(tenant("southern-used"), { now: NOW })));
    expect(JSON.stringify(generateStock(tenant("southern-used"), { now: NOW, seed: 7 }))).not.toBe(JSON.stringify(again.vehicles));
  });

  it("writes the agreed size per tenant", () => {
    const sizes = Object.fromEntries([...stock].map(([slug, vehicles]) => [slug, vehicles.length]));
    expect(sizes).toMatchObject({
      harbourside: 3000,
      "southern-used": 400,
      "ridgeline-moto": 150,
      "coastal-campers": 120,
      "outback-4x4": 30,
      "kiwi-motors": 200,
      "lakeside-auto": 250,
    });
    expect(generateStock(tenant("harbourside"), { now: NOW, count: 50 })).toHaveLength(50);
  });

  it("gives outback-4x4 exactly 30 vehicles, all used (spec 001 §9)", () => {
    const vehicles = vehiclesOf("outback-4x4");
    expect(vehicles).toHaveLength(30);
    expect(vehicles.every((v) => v.car_type === "used")).toBe(true);
  });

  it("never repeats a word in a title ('Venue Venue QX'): a base grade named after the model is no badge", () => {
    for (const [slug, vehicles] of stock) {
      for (const vehicle of vehicles) {
        const words = vehicleTitle(vehicle).toLowerCase().split(" ");
        expect(
          words.filter((word, index) => words.indexOf(word) !== index),
          `${slug}: ${vehicleTitle(vehicle)}`,
        ).toEqual([]);
        expect(vehicle.name, slug).toBe(vehicleTitle({ ...vehicle, series: null }));
      }
    }
    const venues = vehiclesOf("harbourside").filter((v) => v.model === "Venue");
    expect(venues.some((v) => v.badge === null && vehicleTitle(v) === `${v.year} Hyundai Venue QX`)).toBe(true);
  });

  it("titleBadgeAndSeries drops the words make and model already say", () => {
    expect(titleBadgeAndSeries("Hyundai", "Venue", "Venue", "QX")).toEqual({ badge: null, series: "QX" });
    expect(titleBadgeAndSeries("Hyundai", "Staria Load", "Load Crew", "US4.V1")).toEqual({ badge: "Crew", series: "US4.V1" });
    expect(titleBadgeAndSeries("Ducati", "Panigale V4", "V4 S", null)).toEqual({ badge: "S", series: null });
    expect(titleBadgeAndSeries("Avan", "Ovation", "M5", "M5")).toEqual({ badge: "M5", series: null });
    expect(titleBadgeAndSeries("Toyota", "Corolla", "Ascent Sport", "ZWE211R")).toEqual({ badge: "Ascent Sport", series: "ZWE211R" });
  });

  it("produces stock valid against stockFileSchema for every tenant", () => {
    for (const t of tenants) {
      const result = stockFileSchema.safeParse(generateStockFile(t, { now: NOW }));
      expect(result.success, t.slug).toBe(true);
    }
  });

  it("mixes sold vehicles inside and outside the 3-day window, hidden and coming-soon ones", () => {
    const vehicles = vehiclesOf("harbourside");
    const sold = vehicles.filter((v) => v.status === "sold");
    expect(sold.every((v) => v.sold && v.sold_date_timestamp !== null)).toBe(true);
    expect(sold.some((v) => NOW - (v.sold_date_timestamp ?? 0) < SOLD_WINDOW)).toBe(true);
    expect(sold.some((v) => NOW - (v.sold_date_timestamp ?? 0) > SOLD_WINDOW)).toBe(true);
    expect(vehicles.some((v) => v.status === "coming_soon")).toBe(true);
    expect(vehicles.some((v) => !v.show_on_dealer_website)).toBe(true);
    const inStock = vehicles.filter((v) => v.status === "in_stock").length;
    expect(inStock / vehicles.length).toBeGreaterThan(0.85);
  });

  it("keeps odometers and photos as the brief says", () => {
    const vehicles = vehiclesOf("harbourside");
    expect(vehicles.filter((v) => v.car_type === "new").every((v) => v.km !== null && v.km < 50)).toBe(true);
    expect(vehicles.filter((v) => v.car_type === "demo").every((v) => v.km !== null && v.km >= 1000 && v.km <= 15000)).toBe(true);
    const noPhoto = vehicles.filter((v) => v.photos_count === 0);
    expect(noPhoto.length).toBeGreaterThan(0);
    expect(noPhoto.every((v) => v.primary_image_url === null && v.images.length === 0)).toBe(true);
    for (const v of vehicles.filter((x) => x.primary_image_url !== null).slice(0, 200)) {
      const name = v.primary_image_url?.replace(/^\/demo-images\//, "").replace(/\.svg$/, "") ?? "";
      expect(renderDemoImageSvg(name), name).not.toBeNull();
    }
  });

  it("uses unique slugs of letters, digits and hyphens, 17-character VINs and make:model keys", () => {
    for (const [slug, vehicles] of stock) {
      expect(new Set(vehicles.map((v) => v.slug)).size, slug).toBe(vehicles.length);
      expect(new Set(vehicles.map((v) => v.stocknum)).size, slug).toBe(vehicles.length);
      for (const v of vehicles) {
        expect(v.slug).toMatch(/^[a-z0-9-]+$/);
        expect(v.vin).toMatch(/^[A-HJ-NPR-Z0-9]{17}$/);
        expect(v.make_model).toBe(`${v.make}:${v.model}`);
      }
    }
  });

  it("draws car bodies from the spec's 18 body types and covers all of them", () => {
    const carBodies = new Set(
      ["harbourside", "southern-used", "kiwi-motors", "lakeside-auto", "outback-4x4"].flatMap((s) => vehiclesOf(s).map((v) => v.body)),
    );
    const allBodies = new Set([...stock.values()].flat().map((v) => v.simple_body));
    for (const body of carBodies) expect(bodyTypes).toContain(body);
    for (const body of bodyTypes) expect(allBodies.has(body), body).toBe(true);
    expect(vehiclesOf("harbourside").some((v) => v.seats === 7)).toBe(true);
  });

  it("exercises the price display cases", () => {
    const vehicles = vehiclesOf("harbourside");
    expect(vehicles.some((v) => v.price === null)).toBe(true);
    expect(vehicles.some((v) => v.price !== null && v.price <= 10)).toBe(true);
    expect(vehicles.some((v) => v.preorder && v.price === null)).toBe(true);
    expect(vehicles.some((v) => v.before_price !== null && v.price !== null && v.before_price > v.price)).toBe(true);
    expect(vehiclesOf("southern-used").some((v) => (v.subscription_price ?? 0) > 0)).toBe(true);
    expect(vehiclesOf("harbourside").every((v) => v.subscription_price === null)).toBe(true);
  });

  it("keys finance by the tenant's provider, with some offers incomplete", () => {
    for (const t of tenants) {
      const provider = t.site.finance_provider;
      if (provider === null) continue;
      const offers = vehiclesOf(t.slug).flatMap((v) => (v.finance_lenders[provider] ? [v.finance_lenders[provider]] : []));
      expect(offers.length, t.slug).toBeGreaterThan(0);
    }
    const taurus = vehiclesOf("harbourside").flatMap((v) => (v.finance_lenders.Taurus ? [v.finance_lenders.Taurus] : []));
    expect(taurus.some((o) => o.interestRate === null || o.comparisonRate === null || o.paymentWeek === undefined)).toBe(true);
    expect(taurus.some((o) => o.interestRate !== null && o.comparisonRate !== null && o.paymentWeek !== undefined)).toBe(true);
    // spec 000 §9: Angle shows a $0 final payment
    const angleBalloons = vehiclesOf("kiwi-motors").flatMap((v) => (v.finance_lenders.Angle ? [v.finance_lenders.Angle.balloon] : []));
    expect(angleBalloons.length).toBeGreaterThan(0);
    expect(angleBalloons.every((balloon) => balloon === 0)).toBe(true);
  });

  it("adds payment processors only where the site has a payment provider", () => {
    expect(vehiclesOf("outback-4x4").every((v) => v.payment_processors.length === 0 && !v.has_checkout_payment_processor)).toBe(true);
    const stripe = vehiclesOf("harbourside").flatMap((v) => v.payment_processors);
    expect(stripe.length).toBeGreaterThan(0);
    expect(stripe.every((p) => p.authorization_type === "stripe")).toBe(true);
    expect(stripe.some((p) => p.authorization_key === null)).toBe(true);
  });

  it("matches dealership and location fields to the site", () => {
    for (const t of tenants) {
      for (const v of vehiclesOf(t.slug)) {
        const dealership = t.site.dealerships.find((d) => d.id === v.dealership_id);
        const location = t.site.locations.find((l) => l.id === v.location_id);
        expect(dealership?.slug).toBe(v.dealership_slug);
        expect(location?.name).toBe(v.location_name);
        expect(location?.address.city).toBe(v.city);
        if (v.car_type !== "used") expect(dealership?.manufacturers).toContain(v.make);
      }
    }
  });

  it("certifies used Nissans at the certified-used tenant and dates stock within 120 days", () => {
    expect(vehiclesOf("lakeside-auto").some((v) => v.certified && v.make === "Nissan" && v.car_type === "used")).toBe(true);
    const all = [...stock.values()].flat();
    expect(all.every((v) => v.created_at_timestamp <= NOW && NOW - v.created_at_timestamp <= 120 * 86_400_000)).toBe(true);
    expect(all.some((v) => NOW - v.created_at_timestamp < 8 * 86_400_000)).toBe(true);
    expect(all.every((v) => new Date(v.created_at).getTime() === v.created_at_timestamp)).toBe(true);
  });
});

describe("demo photos match the listing", () => {
  it("names each photo by the listing's make, body and colour, numbered by its gallery position", () => {
    const vehicles = vehiclesOf("harbourside").filter((v) => v.images.length > 0);
    for (const v of vehicles.slice(0, 100)) {
      const names = v.images.map((image) => image.image.url);
      expect(names).toEqual([1, 2, 3].map((n) => `/demo-images/${demoImageName(slugify(v.make), v.body ?? "", v.colour, n)}.svg`));
      expect(v.primary_image_url).toBe(names[0]);
    }
  });

  it("paints the car the listing's colour and says which photo it is", () => {
    const red = renderDemoImageSvg("toyota-suv-2-red") ?? "";
    const white = renderDemoImageSvg("toyota-suv-2-white") ?? "";
    expect(red).toContain('fill="#b3202a"');
    expect(white).toContain('fill="#f2f2f0"');
    expect(red).toContain("Demo photo 2 of 3");
    expect(renderDemoImageSvg("mercedes-benz-suv-1-merlin-blue")).toContain('fill="#3b6ea5"');
  });

  it("keeps its words in the bottom right, clear of the tag banner, save button and location overlay", () => {
    const svg = renderDemoImageSvg("toyota-suv-1-red") ?? "";
    const texts = [...svg.matchAll(/<text x="(\d+)" y="(\d+)" text-anchor="end"/g)];
    expect(texts).toHaveLength(2);
    for (const [, x, y] of texts) {
      expect(Number(x)).toBeGreaterThan(900);
      expect(Number(y)).toBeGreaterThan(600);
    }
  });
});
