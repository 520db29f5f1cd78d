import { priceOrder, saleOrder } from "~/server/stock/listing-order";
import type { Vehicle } from "~/server/stock/vehicle";
import { filterableAttributes, searchableAttributes, sortableAttributes } from "./meilisearch/settings";

/**
 * What an index reads of a vehicle, as one array in a fixed attribute order. The
 * database keeps it beside each vehicle, so a 200,000-vehicle build parses ~0.5 KB per vehicle
 * instead of the whole 2.7 KB record, and the builders read values by position, not by name.
 */
export const indexedAttributes: readonly (keyof Vehicle)[] = [
  ...new Set([...filterableAttributes, ...sortableAttributes, ...searchableAttributes]),
];

/** A vehicle's indexed values, in `indexedAttributes` order (null for none). */
export type SearchValues = readonly unknown[];

/** Where each attribute sits in SearchValues. */
export function valuePosition(attribute: keyof Vehicle): number {
  const at = indexedAttributes.indexOf(attribute);
  if (at === -1) throw new Error(`${attribute} is not an indexed attribute`);
  return at;
}

export function searchValues(vehicle: Vehicle): unknown[] {
  return searchValuesInto(vehicle, new Array<unknown>(indexedAttributes.length));
}

/** The same values written into `into`: a build reads 200,000 vehicles through one array. */
export function searchValuesInto(vehicle: Vehicle, into: unknown[]): unknown[] {
  for (let i = 0; i < indexedAttributes.length; i++) into[i] = vehicle[indexedAttributes[i]] ?? null;
  // Derived from the vehicle as it is now, whatever an older stored record held.
  into[saleOrderPosition] = saleOrder(vehicle);
  into[priceOrderPosition] = priceOrder(vehicle);
  return into;
}

const saleOrderPosition = indexedAttributes.indexOf("sale_order");
const priceOrderPosition = indexedAttributes.indexOf("price_order");

/**
 * The attribute list the stored values were written for, kept as their last element: values stored
 * before an attribute was added (or moved) are read as missing and rebuilt from the whole record.
 * Changing the list: add a migration that rewrites vehicle_search_values (as 0018 fills it), or
 * every build reads whole records (correct, slower) until each vehicle is written again.
 */
export const searchValuesVersion = `v1-${fnv1a(indexedAttributes.join(","))}`;

/** A short, stable fingerprint (FNV-1a, 32 bits) of the attribute list. */
function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(36);
}

export function encodeSearchValues(vehicle: Vehicle): string {
  return JSON.stringify([...searchValues(vehicle), searchValuesVersion]);
}

/** The stored values, or null when they were written for another attribute list (or are missing). */
export function decodeSearchValues(stored: string | null): SearchValues | null {
  if (!stored) return null;
  const parsed: unknown = JSON.parse(stored);
  if (!Array.isArray(parsed) || parsed.length !== indexedAttributes.length + 1 || parsed[indexedAttributes.length] !== searchValuesVersion)
    return null;
  parsed.pop();
  return parsed;
}
