import type { Logger } from "~/server/lib/logger";
import { searchIndexUid, stockFilter } from "~/server/search/queries";
import type { SearchBackend } from "~/server/search/types";
import type { Tenant } from "~/server/tenants/load";
import { isListed } from "~/server/stock/is-listed";
import { similarVehicles } from "~/server/stock/similar";
import { PRICE_SHOWN_ABOVE } from "~/server/stock/price-display";
import { fetchStockApiVehicle, type StockApiOptions } from "./stock-api";
import type { Vehicle } from "~/server/stock/vehicle";

// spec 000 §5: a detail slug is letters, digits, hyphen or underscore.
const SLUG_PATTERN = /^[A-Za-z0-9_-]+$/;
// Not in the spec: real slugs are under 100 characters; longer ones are refused before any lookup.
export const MAX_SLUG_LENGTH = 200;

export const SIMILAR_ON_PAGE = 4;
// Candidates asked for on each side of the target's price: the row's four nearest are among the nearest
// four above and four below, with room for the target itself and a vehicle the rule then drops. Asking for
// 48 at any price read and parsed ~100 stored vehicles per vehicle page (9% of its CPU in a profile).
const SIMILAR_CANDIDATES_PER_SIDE = 8;
// similarVehicles compares shown prices only.
const SHOWN_PRICE_FILTER = `price > ${PRICE_SHOWN_ABOVE}`;

export type VehicleLookup =
  | { kind: "found"; vehicle: Vehicle }
  /** Absent, or present but not listed (spec 000 §4); the unlisted vehicle is kept for "similar". */
  | { kind: "not_found"; unlisted: Vehicle | null }
  | { kind: "unavailable" };

export type VehicleSourceOptions = {
  log: Logger;
  now: number;
  backend: SearchBackend;
  stockApi?: Omit<StockApiOptions, "log">;
};

export function isVehicleSlug(slug: string): boolean {
  return slug.length <= MAX_SLUG_LENGTH && SLUG_PATTERN.test(slug);
}

async function rawVehicle(tenant: Tenant, slug: string, options: VehicleSourceOptions): Promise<VehicleLookup> {
  const api = tenant.site.stock_api;
  if (api) {
    const result = await fetchStockApiVehicle(api, slug, { ...options.stockApi, log: options.log });
    if (result.kind === "found") return result;
    return result.kind === "not_found" ? { kind: "not_found", unlisted: null } : { kind: "unavailable" };
  }
  const { backend } = options;
  try {
    const vehicle = await backend.getVehicle(tenant, slug);
    return vehicle ? { kind: "found", vehicle } : { kind: "not_found", unlisted: null };
  } catch (error) {
    options.log.error({ err: error, slug }, "Unable to fetch data");
    return { kind: "unavailable" };
  }
}

/**
 * The vehicle for a detail page: from the dealer's stock API when the site has one (spec 000 §7),
 * else from the search backend; then the stock filter (spec 000 §4). A hostile slug never
 * reaches either source.
 */
export async function findListedVehicle(tenant: Tenant, slug: string, options: VehicleSourceOptions): Promise<VehicleLookup> {
  if (!isVehicleSlug(slug)) return { kind: "not_found", unlisted: null };
  const lookup = await rawVehicle(tenant, slug, options);
  if (lookup.kind !== "found" || isListed(lookup.vehicle, tenant.site, options.now)) return lookup;
  return { kind: "not_found", unlisted: lookup.vehicle };
}

function quoted(value: string): string {
  return `"${value.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;
}

const availableFilter = [`status = "in_stock"`, `status = "coming_soon"`];

/**
 * Up to four listed, available vehicles like this one (similarVehicles over a search for the same
 * body). Extras below the fold: a failed search is logged and shows none.
 */
export async function findSimilarVehicles(tenant: Tenant, vehicle: Vehicle, options: VehicleSourceOptions): Promise<Vehicle[]> {
  if (vehicle.simple_body === null) return [];
  const sameBody: Array<string | string[]> = [
    ...stockFilter(tenant, options.now),
    availableFilter,
    `simple_body = ${quoted(vehicle.simple_body)}`,
  ];
  const query = (filter: Array<string | string[]>, sort?: string[]) => ({
    indexUid: searchIndexUid(tenant),
    filter,
    ...(sort ? { sort } : {}),
    limit: SIMILAR_CANDIDATES_PER_SIDE,
    offset: 0,
  });
  // similarVehicles takes the nearest prices (those within the band are the nearest): the nearest above and
  // the nearest below hold them. Without a shown price, the same body in the engine's order.
  const price = vehicle.price;
  const queries =
    price !== null && price > PRICE_SHOWN_ABOVE
      ? [
          query([...sameBody, `price >= ${price}`], ["price:asc"]),
          query([...sameBody, SHOWN_PRICE_FILTER, `price <= ${price}`], ["price:desc"]),
        ]
      : [query(sameBody)];
  try {
    const results = await options.backend.multiSearch(tenant, queries);
    const candidates = new Map<number, Vehicle>();
    for (const result of results) for (const hit of result.hits) candidates.set(hit.id, hit);
    return similarVehicles(vehicle, [...candidates.values()], tenant.site, options.now, SIMILAR_ON_PAGE);
  } catch (error) {
    options.log.warn({ err: error, carId: vehicle.id }, "similar vehicles unavailable");
    return [];
  }
}

/** For a vehicle that is gone: the tenant's newest listed, available vehicles. */
export async function findLatestVehicles(tenant: Tenant, options: VehicleSourceOptions): Promise<Vehicle[]> {
  try {
    const { backend } = options;
    const [result] = await backend.multiSearch(tenant, [
      {
        indexUid: searchIndexUid(tenant),
        filter: [...stockFilter(tenant, options.now), availableFilter],
        sort: ["created_at_timestamp:desc"],
        limit: SIMILAR_ON_PAGE,
        offset: 0,
      },
    ]);
    return (result?.hits ?? []).filter((hit) => isListed(hit, tenant.site, options.now));
  } catch (error) {
    options.log.warn({ err: error }, "latest vehicles unavailable");
    return [];
  }
}
