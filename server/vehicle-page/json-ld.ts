import { distanceInUnit } from "~/server/lib/format";
import { isSold } from "~/server/stock/availability";
import { bodyTypeLabel } from "~/server/stock/body-type";
import type { Location, Site } from "~/server/tenants/schema";
import type { Vehicle } from "~/server/stock/vehicle";

const countryByLocale: Record<Site["locale"], string> = { "en-AU": "AU", "en-NZ": "NZ", "en-US": "US" };

/** The ISO country of a site, from its locale (en-AU → AU). */
export function siteCountry(site: Pick<Site, "locale">): string {
  return countryByLocale[site.locale];
}

/** A schema.org PostalAddress of a location's address. */
export function postalAddress(address: Location["address"], site: Pick<Site, "locale">): Record<string, string> {
  return {
    "@type": "PostalAddress",
    streetAddress: address.street,
    addressLocality: address.city,
    addressRegion: address.state,
    postalCode: address.postcode,
    addressCountry: siteCountry(site),
  };
}

type JsonLdVehicle = Pick<
  Vehicle,
  | "make"
  | "model"
  | "badge"
  | "year"
  | "vin"
  | "km"
  | "car_type"
  | "status"
  | "sold"
  | "preorder"
  | "description"
  | "colour"
  | "fuel"
  | "transmission"
  | "body"
  | "seats"
  | "item_type"
>;

export type JsonLdInput = {
  vehicle: JsonLdVehicle;
  title: string;
  url: string;
  /** Absolute image URLs. */
  images: string[];
  /** The sale price, or null when there is none (no-price text, PREORDER, a subscription-only car). */
  price: number | null;
  /** The weekly subscription price the page shows, or null: a second offer, never the sale price. */
  subscriptionPerWeek: number | null;
  site: Pick<Site, "currency" | "distance_unit" | "locale">;
  /** telephone: null while the site hides its numbers until the visitor reveals them (left out). */
  seller: { name: string; telephone: string | null; location: Pick<Location, "address"> };
};

/** schema.org availability: sold → SoldOut, coming soon or pre-order → PreOrder, else InStock. */
export function availabilityOf(vehicle: Pick<Vehicle, "status" | "sold" | "preorder">): string {
  if (isSold(vehicle)) return "https://schema.org/SoldOut";
  if (vehicle.status === "coming_soon" || vehicle.preorder) return "https://schema.org/PreOrder";
  return "https://schema.org/InStock";
}

/** New for new cars; demo and used cars have been driven, so UsedCondition. */
export function conditionOf(vehicle: Pick<Vehicle, "car_type">): string {
  return vehicle.car_type === "new" ? "https://schema.org/NewCondition" : "https://schema.org/UsedCondition";
}

function mileage(km: number | null, site: JsonLdInput["site"]) {
  if (km === null || !Number.isFinite(km)) return undefined;
  const unitCode = site.distance_unit === "mi" ? "SMI" : "KMT";
  return { "@type": "QuantitativeValue", value: distanceInUnit(km, site.distance_unit), unitCode };
}

function present(value: string | null | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

/**
 * The closest schema.org type: `Motorcycle`, `BusOrCoach` for buses, `Car` for cars; campers,
 * caravans, motorhomes and anything else are a plain `Vehicle` (schema.org has no RV or trailer type).
 */
export function vehicleSchemaType(vehicle: Pick<Vehicle, "item_type" | "body">): "Motorcycle" | "Car" | "BusOrCoach" | "Vehicle" {
  if (vehicle.item_type === "motorcycle") return "Motorcycle";
  if (vehicle.item_type !== "car") return "Vehicle";
  return vehicle.body?.toLowerCase() === "bus" ? "BusOrCoach" : "Car";
}

/** A schema.org `Car` (or `Motorcycle`) with its `Offer` and seller `AutoDealer`; absent values are left out, never null. */
export function vehicleJsonLd(input: JsonLdInput): Record<string, unknown> {
  const { vehicle, site, seller } = input;
  const address = seller.location.address;
  const condition = conditionOf(vehicle);
  const body = present(vehicle.body);
  const offer = {
    "@type": "Offer",
    url: input.url,
    priceCurrency: site.currency,
    availability: availabilityOf(vehicle),
    itemCondition: condition,
    seller: {
      "@type": "AutoDealer",
      name: seller.name,
      telephone: seller.telephone ?? undefined,
      address: postalAddress(address, site),
    },
  };
  const sale = { ...offer, price: input.price ?? undefined };
  // A subscription is a lease priced per week (UN/CEFACT unit WEE), not a sale price.
  const subscription = (perWeek: number) => ({
    ...offer,
    businessFunction: "http://purl.org/goodrelations/v1#LeaseOut",
    priceSpecification: { "@type": "UnitPriceSpecification", price: perWeek, priceCurrency: site.currency, unitCode: "WEE" },
  });
  return {
    "@context": "https://schema.org",
    "@type": vehicleSchemaType(vehicle),
    name: input.title,
    url: input.url,
    image: input.images.length > 0 ? input.images : undefined,
    description: present(vehicle.description),
    brand: { "@type": "Brand", name: vehicle.make },
    model: vehicle.model,
    vehicleModelDate: String(vehicle.year),
    vehicleConfiguration: present(vehicle.badge),
    vehicleIdentificationNumber: present(vehicle.vin),
    mileageFromOdometer: mileage(vehicle.km, site),
    itemCondition: condition,
    color: present(vehicle.colour),
    fuelType: present(vehicle.fuel),
    vehicleTransmission: present(vehicle.transmission),
    bodyType: body === undefined ? undefined : bodyTypeLabel(body),
    seatingCapacity: vehicle.seats ?? undefined,
    offers: input.subscriptionPerWeek === null ? sale : [sale, subscription(input.subscriptionPerWeek)],
  };
}

/**
 * JSON for a `<script type="application/ld+json">`: `<`, `>` and `&` escaped so no value can
 * close the script element, and U+2028/2029 escaped for old parsers.
 */
export function serializeJsonLd(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
