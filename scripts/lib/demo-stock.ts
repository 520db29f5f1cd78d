import type { Tenant } from "~/server/tenants/load";
import type { Dealership, Location, Site } from "~/server/tenants/schema";
import type { CarType, Vehicle, VehicleStatus } from "~/server/stock/vehicle";
import { createRng, hashString, type Rng } from "./prng";
import { financeLender, paymentSetup } from "./finance-offer";
import { stockProfile, type StockProfile } from "./stock-profiles";
import { catalogueFor, type ModelSpec } from "./vehicle-catalogue";
import { slugify } from "~/server/lib/slug";
import { demoImageName } from "~/server/stock/demo-image";
import { vehiclePlace } from "~/server/stock-feed/locations";
import { categoriesFor, priceRange, simpleTransmission, weeklyPriceRange } from "~/server/stock-feed/labels";
import { colours, describe, driveLabel, featurePool, fuelLabel, titleBadgeAndSeries } from "./vehicle-labels";

export const DEFAULT_SEED = 20240611;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** spec 000 §4: 3 days = 259200000 ms */
const SOLD_WINDOW = 259_200_000;
const CREATED_WITHIN = 120 * DAY;
const NEW_TAG_WINDOW = 8 * DAY;

export type StockOptions = { now: number; count?: number; seed?: number };
export type StockFile = { generated_at: string; vehicles: Vehicle[] };

const currencyFactor: Record<Site["currency"], number> = { AUD: 1, NZD: 1.08, USD: 0.66 };
/** odometer per year in the site's distance unit */
const yearlyDistance: Record<ModelSpec["kind"], number> = { car: 15000, "4x4": 20000, motorcycle: 4000, camper: 9000 };

const vinAlphabet = "ABCDEFGHJKLMNPRSTUVWXYZ0123456789";
const wmi: Record<string, string> = {
  Toyota: "JTM",
  Mazda: "JM0",
  Hyundai: "KMH",
  Nissan: "JN1",
  Ford: "MPB",
  Kia: "KNA",
  Mitsubishi: "MMA",
  Isuzu: "MPA",
  Volkswagen: "WVW",
  Subaru: "JF1",
  Suzuki: "JSA",
  Honda: "JHM",
  Tesla: "LRW",
  MG: "LSJ",
  GWM: "LGW",
  Haval: "LGW",
  Holden: "6G1",
  Jeep: "1C4",
  Chevrolet: "1GC",
  "Mercedes-Benz": "WDD",
  BMW: "WBA",
  Audi: "WAU",
  "Land Rover": "SAL",
  Yamaha: "JYA",
  Kawasaki: "JKA",
  "Harley-Davidson": "1HD",
  Ducati: "ZDM",
  KTM: "VBK",
  Triumph: "SMT",
  Jayco: "6T9",
};

function vin(rng: Rng, make: string): string {
  let out = wmi[make] ?? "6U9";
  while (out.length < 17) out += vinAlphabet[rng.int(0, vinAlphabet.length - 1)];
  return out;
}

/** Six base-36 characters, distinct for distinct ids below 36^6: the multiplier is coprime with 36. */
function slugSuffix(id: number): string {
  const modulus = 36n ** 6n;
  return ((BigInt(id) * 2654435761n) % modulus).toString(36).padStart(6, "0");
}

/** Dealer-style prices: $34,990, $12,490. */
function dealerPrice(value: number): number {
  const step = value < 20000 ? 500 : 1000;
  return Math.max(step, Math.round(value / step) * step) - 10;
}

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter((word) => /^[A-Za-z0-9]/.test(word))
    .map((word) => word[0].toUpperCase())
    .join("")
    .slice(0, 3);
}

type Seller = { dealership: Dealership; location: Location };

function sellersFor(site: Site): Seller[] {
  return site.dealerships.map((dealership) => {
    const own = site.locations.filter((location) => location.dealership_id === dealership.id);
    const location = own.find((l) => l.location_type === "sales") ?? own[0] ?? site.locations[0];
    return { dealership, location };
  });
}

function sellersOf(site: Site): Seller[] {
  const sellers = sellersFor(site);
  const salesLocations = site.locations.filter((l) => l.location_type === "sales");
  // a single-dealership site may still list several sales yards (coastal-campers)
  if (sellers.length === 1 && salesLocations.length > 1)
    return salesLocations.map((location) => ({ dealership: sellers[0].dealership, location }));
  return sellers;
}

function pickStatus(rng: Rng): { status: VehicleStatus; soldAgo: number | null } {
  const roll = rng.next();
  if (roll < 0.03) return { status: "coming_soon", soldAgo: null };
  if (roll < 0.07) {
    // half inside the sold window, half outside it
    const soldAgo = rng.chance(0.5) ? rng.int(HOUR, SOLD_WINDOW - HOUR) : rng.int(SOLD_WINDOW + HOUR, 60 * DAY);
    return { status: "sold", soldAgo };
  }
  return { status: "in_stock", soldAgo: null };
}

function pickTag(rng: Rng, preorder: boolean): string | null {
  if (preorder) return "Pre-order";
  const roll = rng.next();
  if (roll < 0.03) return "Special";
  if (roll < 0.045) return "Test Drive Only";
  if (roll < 0.055) return "*** Test Drive Vehicle Only ***";
  return null;
}

function pickYear(rng: Rng, carType: CarType, spec: ModelSpec, currentYear: number): number {
  if (carType !== "used") return rng.chance(0.8) ? currentYear : currentYear - 1;
  const oldest = spec.kind === "car" || spec.kind === "motorcycle" ? 12 : 15;
  const age = rng.chance(0.7) ? rng.int(1, 6) : rng.int(7, oldest);
  return Math.min(currentYear, Math.max(spec.firstYear, currentYear - age));
}

function pickOdometer(rng: Rng, carType: CarType, spec: ModelSpec, age: number): number | null {
  if (spec.kind === "camper" && spec.fuel === null) return null;
  if (carType === "new") return rng.int(0, 49);
  if (carType === "demo") return rng.int(1000, 15000);
  return Math.round(Math.max(0.5, age) * yearlyDistance[spec.kind] * (0.6 + rng.next() * 0.8));
}

function basePrice(rng: Rng, spec: ModelSpec, badgeIndex: number, carType: CarType, age: number, km: number | null, site: Site): number {
  const list = spec.basePrice * (1 + 0.12 * badgeIndex) * currencyFactor[site.currency];
  if (carType === "new") return dealerPrice(list);
  if (carType === "demo") return dealerPrice(list * 0.93);
  const wear = km === null ? 0 : Math.min(0.2, km / 1_000_000);
  return dealerPrice(list * Math.pow(0.88, Math.max(1, age)) * (1 - wear) * (0.92 + rng.next() * 0.16));
}

function priceType(site: Site, carType: CarType): string {
  if (site.locale === "en-US") return carType === "new" ? "MSRP" : "Internet Price";
  if (site.locale === "en-NZ") return carType === "used" ? "Drive Away" : "Plus On Road Costs";
  return carType === "used" ? "Excl. Govt. Charges" : "Drive Away";
}

function chooseFeatures(rng: Rng, pool: readonly string[]): string[] {
  const count = rng.int(3, 7);
  const chosen = new Set<string>();
  while (chosen.size < Math.min(count, pool.length)) chosen.add(rng.pick(pool));
  return [...chosen].sort();
}

type Context = {
  site: Site;
  profile: StockProfile;
  catalogue: ModelSpec[];
  franchiseSpecs: ModelSpec[];
  sellers: Seller[];
  now: number;
  currentYear: number;
};

function contextFor(tenant: Tenant, now: number): Context {
  const site = tenant.site;
  const profile = stockProfile(tenant.slug, site);
  const catalogue = catalogueFor(profile.kind, profile.market);
  if (catalogue.length === 0) throw new Error(`${tenant.slug}: no ${profile.kind} models for market ${profile.market}`);
  const franchiseMakes = new Set(site.dealerships.flatMap((d) => d.manufacturers));
  return {
    site,
    profile,
    catalogue,
    franchiseSpecs: catalogue.filter((spec) => franchiseMakes.has(spec.make)),
    sellers: sellersOf(site),
    now,
    currentYear: new Date(now).getUTCFullYear(),
  };
}

const reservableValues: Record<"yes" | "no" | "unknown", boolean | null> = { yes: true, no: false, unknown: null };

function buildVehicle(rng: Rng, index: number, context: Context): Vehicle {
  const { site, profile, catalogue, franchiseSpecs, sellers, now, currentYear } = context;

  let carType = rng.weighted(profile.carTypes);
  if (carType !== "used" && franchiseSpecs.length === 0) carType = "used";
  const spec = rng.pick(carType === "used" ? catalogue : franchiseSpecs);
  const franchiseSellers = sellers.filter((s) => s.dealership.manufacturers.includes(spec.make));
  const { dealership, location } = rng.pick(carType !== "used" && franchiseSellers.length > 0 ? franchiseSellers : sellers);

  const id = site.id * 1_000_000 + index + 1;
  const year = pickYear(rng, carType, spec, currentYear);
  const age = currentYear - year;
  const badgeIndex = rng.int(0, spec.badges.length - 1);
  const { badge, series } = titleBadgeAndSeries(spec.make, spec.model, spec.badges[badgeIndex]!, spec.series);
  const km = pickOdometer(rng, carType, spec, age);
  const transmission = spec.transmissions.length > 0 ? rng.pick(spec.transmissions) : null;
  const colour = rng.pick(colours[spec.kind]);
  const fuel = fuelLabel(spec.fuel);
  const name = [String(year), spec.make, spec.model, badge].filter((part) => part !== null).join(" ");

  const preorder = carType === "new" && rng.chance(0.03);
  let price: number | null = basePrice(rng, spec, badgeIndex, carType, age, km, site);
  const priceRoll = rng.next();
  if ((preorder && priceRoll < 0.5) || priceRoll < 0.015) price = null;
  else if (priceRoll < 0.025) price = rng.pick([0, 1, 10]);
  const priced = price !== null && price > 10 ? price : null;

  const { status, soldAgo } = preorder ? { status: "coming_soon" as const, soldAgo: null } : pickStatus(rng);
  const createdAgo =
    soldAgo !== null
      ? Math.min(CREATED_WITHIN, soldAgo + rng.int(DAY, 60 * DAY))
      : rng.chance(0.12)
        ? rng.int(0, NEW_TAG_WINDOW - HOUR)
        : rng.int(NEW_TAG_WINDOW, CREATED_WITHIN);
  const createdAt = now - createdAgo;

  const finance_lenders: Vehicle["finance_lenders"] = {};
  if (priced !== null && site.finance_provider !== null) {
    finance_lenders[site.finance_provider] = financeLender(rng, site.finance_provider, { price: priced, car_type: carType }, now);
    if (profile.extraLender && rng.chance(profile.extraLender.share)) {
      finance_lenders[profile.extraLender.provider] = financeLender(
        rng,
        profile.extraLender.provider,
        { price: priced, car_type: carType },
        now,
      );
    }
  }
  const weekly = site.finance_provider !== null ? (finance_lenders[site.finance_provider]?.paymentWeek ?? null) : null;

  const features = chooseFeatures(rng, featurePool[spec.kind]);
  const hasPhotos = !rng.chance(0.03);
  // This draw once rotated the photos; it stays so every other generated value is unchanged.
  rng.int(0, 2);
  // Photo n is gallery position n, drawn in the listing's colour.
  const imageUrls = hasPhotos
    ? [1, 2, 3].map((position) => `/demo-images/${demoImageName(slugify(spec.make), spec.body, colour, position)}.svg`)
    : [];

  const certifiedMake = site.features.certified_used_manufacturer;
  const certified = carType === "used" && (certifiedMake === spec.make && age <= 6 ? rng.chance(0.75) : rng.chance(0.03));
  const market =
    site.flags.autograb && carType !== "new" && priced !== null && (spec.kind === "car" || spec.kind === "4x4") && rng.chance(0.85)
      ? rng.chance(0.12)
        ? { average_market_price: priced + rng.int(600, 4000), state_average_market_price: priced + rng.int(550, 3500) }
        : {
            average_market_price: Math.round(priced * (0.95 + rng.next() * 0.15)),
            state_average_market_price: Math.round(priced * (0.95 + rng.next() * 0.15)),
          }
      : null;

  return {
    id,
    slug: [String(year), slugify(spec.make), slugify(spec.model), badge === null ? "" : slugify(badge), slugSuffix(id)]
      .filter((part) => part !== "")
      .join("-"),
    name,
    make: spec.make,
    model: spec.model,
    badge,
    series,
    year,
    km,
    price,
    price_type: priceType(site, carType),
    before_price: priced !== null && rng.chance(0.1) ? priced + 500 * rng.int(2, 8) : null,
    subscription_price: priced !== null && rng.chance(profile.subscriptionShare) ? Math.max(99, Math.round(priced / 190)) : null,
    weekly_price: weekly,
    car_type: carType,
    status,
    stocknum: `${initials(dealership.name)}${10001 + index}`,
    vin: vin(rng, spec.make),
    ...vehiclePlace(dealership, location, rng.chance(0.02) ? null : location.contact_detail.phone),
    tag: pickTag(rng, preorder),
    created_at: new Date(createdAt).toISOString(),
    created_at_timestamp: createdAt,
    certified,
    reserved: status === "in_stock" && rng.chance(0.02),
    sold: status === "sold",
    reservable: reservableValues[rng.weighted({ yes: 85, no: 8, unknown: 7 })],
    preorder,
    file: carType === "used" && rng.chance(0.2) ? `https://reports.example.com/history/${slugSuffix(id)}.pdf` : null,
    primary_image_url: imageUrls[0] ?? null,
    images: imageUrls.map((url) => ({ image: { url } })),
    photos_count: imageUrls.length,
    fuel: fuel.fuel,
    seats: spec.seats,
    views: Math.floor(Math.pow(rng.next(), 2) * 2500),
    custom_rank: rng.int(0, 1000),
    simple_fuel: fuel.simple,
    simple_body: spec.body,
    simple_drive: spec.drive,
    simple_transmission: transmission === null ? null : simpleTransmission(transmission),
    body: spec.body,
    drive: driveLabel(spec.drive),
    transmission,
    colour,
    item_type: spec.kind === "4x4" ? "car" : spec.kind,
    categories: categoriesFor({
      body: spec.body,
      seats: spec.seats,
      simple_fuel: fuel.simple,
      simple_drive: spec.drive,
      make: spec.make,
      price,
      item_type: spec.kind,
    }),
    filtered_features: features,
    make_model: `${spec.make}:${spec.model}`,
    price_range: priceRange(price),
    weekly_price_range: weeklyPriceRange(weekly),
    description: describe({ name, colour, features, carType, location: location.name.replace(/ - Sales$/, ""), kind: spec.kind }),
    show_on_dealer_website: !rng.chance(0.02),
    sold_date_timestamp: soldAgo !== null ? now - soldAgo : null,
    carsales_seller_identifier: site.locale === "en-AU" && spec.kind !== "camper" ? `SSE-AD-${String(rng.int(1000000, 9999999))}` : null,
    autograb_data: market,
    finance_lenders,
    ...paymentSetup(rng, site.payment_provider, profile.depositAmount),
  };
}

/** The tenant's demo stock: the same seed, count and `now` always give the same vehicles. */
export function generateStock(tenant: Tenant, options: StockOptions): Vehicle[] {
  const context = contextFor(tenant, options.now);
  const rng = createRng((options.seed ?? DEFAULT_SEED) ^ hashString(tenant.slug));
  const count = options.count ?? context.profile.count;
  const vehicles: Vehicle[] = [];
  for (let index = 0; index < count; index++) vehicles.push(buildVehicle(rng, index, context));
  return vehicles;
}

export function generateStockFile(tenant: Tenant, options: StockOptions): StockFile {
  return { generated_at: new Date(options.now).toISOString(), vehicles: generateStock(tenant, options) };
}
