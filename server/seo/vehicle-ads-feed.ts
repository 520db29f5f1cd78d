import { imageUrl } from "~/server/images/image-url";
import { distanceInUnit } from "~/server/lib/format";
import { isSold } from "~/server/stock/availability";
import { vehicleHref } from "~/server/stock/can-reserve";
import { vehiclePhotos } from "~/server/stock/photos";
import { salePrice } from "~/server/stock/price-display";
import { vehicleTitle } from "~/server/stock/vehicle-title";
import type { Vehicle } from "~/server/stock/vehicle";
import { primaryLocation } from "~/server/tenants/public-site";
import type { Site } from "~/server/tenants/schema";
import { SHARE_IMAGE_WIDTH } from "~/server/vehicle-page/constants";
import { siteCountry } from "~/server/vehicle-page/json-ld";
import { xmlText } from "./xml-text";

/** Google's namespace for Merchant Center attributes in an RSS 2.0 feed. */
export const GOOGLE_NAMESPACE = "http://base.google.com/ns/1.0";

// Google product category 916: Vehicles & Parts > Vehicles > Motor Vehicles > Cars, Trucks & Vans.
const VEHICLE_CATEGORY = "916";
// Merchant Center descriptions stop at 5,000 characters.
const DESCRIPTION_MAX = 5000;

export type AuVehiclePriceType = "drive_away_price" | "excluding_government_charges_price";

/**
 * Merchant Center vehicle_price_type for Australian sites (required there for new and used cars):
 * a drive-away price, or one that leaves out government charges ('Excl. Govt. Charges', 'Plus On
 * Road Costs'); null for a price type that says neither (the attribute is left out).
 */
export function vehiclePriceType(priceType: string | null): AuVehiclePriceType | null {
  const text = (priceType ?? "").toLowerCase();
  if (/drive\s*-?\s*away/.test(text)) return "drive_away_price";
  if (/excl|plus\s+on\s*-?\s*road|\+\s*orc|government/.test(text)) return "excluding_government_charges_price";
  return null;
}

export type FeedVehicle = Pick<
  Vehicle,
  | "id"
  | "stocknum"
  | "slug"
  | "year"
  | "make"
  | "model"
  | "badge"
  | "series"
  | "vin"
  | "km"
  | "price"
  | "price_type"
  | "subscription_price"
  | "preorder"
  | "car_type"
  | "status"
  | "sold"
  | "location_id"
  | "description"
  | "colour"
  | "photos_count"
  | "images"
  | "primary_image_url"
>;

/** One feed entry: every value a text, absent ones left out. */
export type VehicleAdItem = { fields: Array<[string, string]>; storeCode: string };

function present(value: string | null | undefined): string | null {
  const trimmed = value?.trim() ?? "";
  return trimmed === "" ? null : trimmed;
}

/** The store code of a vehicle's location (its own, else the site's primary): the location slug, as in the Business Profile. */
function storeCode(vehicle: FeedVehicle, site: Site): string {
  const location = site.locations.find((candidate) => candidate.id === vehicle.location_id) ?? primaryLocation(site);
  return location.slug;
}

/**
 * Merchant Center's mileage: the odometer in the site's unit; a new vehicle without a reading has
 * done none (0). A used vehicle without one (a caravan or camper trailer has no odometer) has no
 * known mileage: null.
 */
export function feedMileage(vehicle: Pick<FeedVehicle, "km" | "car_type">, site: Pick<Site, "distance_unit">): string | null {
  const unit = site.distance_unit === "mi" ? "miles" : "km";
  if (vehicle.km !== null && Number.isFinite(vehicle.km)) return `${distanceInUnit(vehicle.km, site.distance_unit)} ${unit}`;
  return vehicle.car_type === "new" ? `0 ${unit}` : null;
}

/** Merchant Center's availability: coming soon or pre-order → preorder, else in_stock (sold cars are never listed). */
export function feedAvailability(vehicle: Pick<FeedVehicle, "status" | "preorder">): "in_stock" | "preorder" {
  return vehicle.status === "coming_soon" || vehicle.preorder ? "preorder" : "in_stock";
}

/**
 * The feed entry of a listed vehicle, or null when it cannot be advertised: sold,
 * without a photo, without a sale price (a subscription is not one: a subscription car is listed at
 * its sale price), or used without a known mileage, which Merchant Center requires.
 */
export function vehicleAdItem(vehicle: FeedVehicle, site: Site): VehicleAdItem | null {
  if (isSold(vehicle)) return null;
  const sale = salePrice(vehicle);
  if (sale === null) return null;
  const mileage = feedMileage(vehicle, site);
  if (mileage === null) return null;
  const photo = vehiclePhotos(vehicle)[0];
  if (photo === undefined) return null;
  const origin = new URL(site.url).origin;
  const title = vehicleTitle(vehicle);
  const description = (present(vehicle.description) ?? title).slice(0, DESCRIPTION_MAX);
  const code = storeCode(vehicle, site);
  const fields: Array<[string, string | null]> = [
    // The dealer's stock number, as dealers' own feeds use it: a feed exported here and imported
    // elsewhere (or back) keeps the dealer's numbers. A vehicle without one falls back to its id.
    ["id", vehicle.stocknum.trim() || String(vehicle.id)],
    ["title", title],
    ["description", description],
    ["link", `${origin}${vehicleHref(vehicle, site)}`],
    ["image_link", `${origin}${imageUrl(photo, SHARE_IMAGE_WIDTH)}`],
    ["google_product_category", VEHICLE_CATEGORY],
    ["price", `${sale.toFixed(2)} ${site.currency}`],
    ["availability", feedAvailability(vehicle)],
    // Demo cars have been driven: Merchant Center knows only new and used.
    ["condition", vehicle.car_type === "new" ? "new" : "used"],
    ["brand", present(vehicle.make)],
    ["model", present(vehicle.model)],
    ["year", String(vehicle.year)],
    ["trim", present(vehicle.badge)],
    ["color", present(vehicle.colour)],
    ["mileage", mileage],
    ["vin", present(vehicle.vin)],
    ["store_code", code],
    ["vehicle_price_type", siteCountry(site) === "AU" ? vehiclePriceType(vehicle.price_type) : null],
  ];
  return { fields: fields.filter((field): field is [string, string] => field[1] !== null), storeCode: code };
}

function itemXml(item: VehicleAdItem): string {
  const fields = item.fields.map(([name, value]) => `<g:${name}>${xmlText(value)}</g:${name}>`).join("");
  // The shopper sees the car at the dealership (vehicle_fulfillment: in store at that store code).
  const fulfillment = `<g:vehicle_fulfillment><g:option>in_store</g:option><g:store_code>${xmlText(item.storeCode)}</g:store_code></g:vehicle_fulfillment>`;
  return `<item>${fields}${fulfillment}</item>`;
}

/** The site's Google Vehicle Ads (Merchant Center) feed: RSS 2.0 with Google's attributes, one item per advertisable vehicle. */
export function vehicleAdsFeedXml(site: Site, vehicles: readonly FeedVehicle[]): string {
  const origin = new URL(site.url).origin;
  const items = vehicles.flatMap((vehicle) => {
    const item = vehicleAdItem(vehicle, site);
    return item === null ? [] : [itemXml(item)];
  });
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<rss version="2.0" xmlns:g="${GOOGLE_NAMESPACE}">`,
    `<channel><title>${xmlText(site.name)}</title><link>${xmlText(`${origin}/`)}</link><description>${xmlText(`Vehicles for sale at ${site.name}`)}</description>`,
    ...items,
    `</channel>`,
    `</rss>`,
    "",
  ].join("\n");
}
