import type { Vehicle } from "~/server/stock/vehicle";
import type { Site } from "~/server/tenants/schema";
import type { FeedRow } from "./feed-row";
import {
  bodyType,
  categoriesFor,
  driveCode,
  driveLabel,
  itemType,
  priceRange,
  simpleFuel,
  simpleTransmission,
  weeklyPriceRange,
} from "./labels";
import { dealershipOf, vehiclePlace } from "./locations";

// spec 000 §4: 'Pre-order' is a tag; the vehicle's preorder flag follows it.
const PREORDER_TAG = /^pre-?order$/i;

/** What the import decides before the feed's own fields: who the vehicle is and since when it is listed. */
export type Identity = { id: number; slug: string; created_at_timestamp: number };

/**
 * The fields no feed row carries, kept from the vehicle already in stock (a dealer's reservation,
 * views, rank, history report, payment set-up) or the empty value for a new one.
 */
function keptFields(
  existing: Vehicle | null,
  priceChanged: boolean,
): Pick<
  Vehicle,
  | "subscription_price"
  | "weekly_price"
  | "certified"
  | "reserved"
  | "reservable"
  | "file"
  | "views"
  | "custom_rank"
  | "show_on_dealer_website"
  | "carsales_seller_identifier"
  | "autograb_data"
  | "finance_lenders"
  | "payment_processors"
  | "has_checkout_payment_processor"
  | "filtered_features"
> {
  // Finance payments were worked out on the old price; shown against a new one they would be wrong.
  const financeStale = existing === null || priceChanged;
  return {
    subscription_price: existing?.subscription_price ?? null,
    weekly_price: financeStale ? null : (existing.weekly_price ?? null),
    certified: existing?.certified ?? false,
    reserved: existing?.reserved ?? false,
    reservable: existing?.reservable ?? null,
    file: existing?.file ?? null,
    views: existing?.views ?? 0,
    custom_rank: existing?.custom_rank ?? 0,
    show_on_dealer_website: existing?.show_on_dealer_website ?? true,
    carsales_seller_identifier: existing?.carsales_seller_identifier ?? null,
    autograb_data: existing?.autograb_data ?? null,
    finance_lenders: financeStale ? {} : existing.finance_lenders,
    payment_processors: existing?.payment_processors ?? [],
    has_checkout_payment_processor: existing?.has_checkout_payment_processor ?? false,
    filtered_features: existing?.filtered_features ?? [],
  };
}

/**
 * The full vehicle of spec 000 §3 for a feed row: the row's fields, the derived facet values, the
 * yard from site.json, and everything else kept from `existing` (or empty for a new vehicle).
 * Stock state (status, sold date) and the was-price are the diff's; here they follow the row.
 */
export function toVehicle(row: FeedRow, site: Site, identity: Identity, existing: Vehicle | null): Vehicle {
  const location = row.location;
  const dealership = dealershipOf(site, location);
  const body = row.body === null ? null : bodyType(row.body);
  const simple_fuel = row.fuel === null ? null : simpleFuel(row.fuel);
  const simple_drive = row.drive === null ? null : driveCode(row.drive);
  const item_type = itemType(site);
  const name = [String(row.year), row.make, row.model, row.badge].filter((part) => part !== null && part !== "").join(" ");
  const kept = keptFields(existing, existing !== null && existing.price !== row.price);
  const weekly = row.given.weekly_price ?? kept.weekly_price ?? null;
  const vehicle: Vehicle = {
    id: identity.id,
    slug: identity.slug,
    name,
    make: row.make,
    model: row.model,
    badge: row.badge,
    series: row.series,
    year: row.year,
    km: row.km,
    price: row.price,
    price_type: row.price_type,
    before_price: existing?.before_price ?? null,
    subscription_price: kept.subscription_price,
    weekly_price: weekly,
    car_type: row.car_type,
    status: row.status,
    stocknum: row.stocknum,
    vin: row.vin,
    // Absent rather than null when the feed has none, so stock imported before registrations compares unchanged.
    registration: row.registration ?? undefined,
    registration_state: row.registration_state ?? undefined,
    ...vehiclePlace(dealership, location),
    tag: row.tag,
    created_at: new Date(identity.created_at_timestamp).toISOString(),
    created_at_timestamp: identity.created_at_timestamp,
    certified: kept.certified,
    reserved: row.status === "sold" ? false : (row.held ?? kept.reserved),
    sold: row.status === "sold",
    reservable: kept.reservable,
    preorder: row.tag !== null && PREORDER_TAG.test(row.tag),
    file: kept.file,
    primary_image_url: row.photos[0] ?? null,
    images: row.photos.map((url) => ({ image: { url } })),
    photos_count: row.photos.length,
    fuel: row.fuel,
    seats: row.seats,
    views: kept.views,
    custom_rank: kept.custom_rank,
    simple_fuel,
    simple_body: body,
    simple_drive,
    simple_transmission: row.transmission === null ? null : simpleTransmission(row.transmission),
    body,
    drive: row.drive === null ? null : driveLabel(row.drive),
    transmission: row.transmission,
    colour: row.colour,
    item_type,
    categories: categoriesFor({ body, seats: row.seats, simple_fuel, simple_drive, make: row.make, price: row.price, item_type }),
    filtered_features: row.features ?? kept.filtered_features,
    make_model: `${row.make}:${row.model}`,
    price_range: priceRange(row.price),
    weekly_price_range: weeklyPriceRange(weekly),
    description: row.description,
    show_on_dealer_website: kept.show_on_dealer_website,
    sold_date_timestamp: existing?.sold_date_timestamp ?? null,
    carsales_seller_identifier: kept.carsales_seller_identifier,
    autograb_data: kept.autograb_data,
    finance_lenders: kept.finance_lenders,
    payment_processors: kept.payment_processors,
    has_checkout_payment_processor: kept.has_checkout_payment_processor,
  };
  // A JSON feed in our own shape is the dealer's word on every field it gives.
  return { ...vehicle, ...row.given };
}
