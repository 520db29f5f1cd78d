import { isAvailable } from "~/server/stock/availability";
import type { Vehicle } from "~/server/stock/vehicle";
import type { Site } from "~/server/tenants/schema";
import { stockKey, vinKey, type FeedRow } from "./feed-row";
import { sameValue } from "./same-value";
import { toVehicle } from "./to-vehicle";
import { reservedAfterImport } from "./reserved-rule";
import { newVehicleSlug } from "./vehicle-slug";

export type ImportMode = "full" | "partial";

export type ImportCounts = {
  added: number;
  updated: number;
  unchanged: number;
  /** Vehicles whose price changed; they are also counted as updated (or returned to stock). */
  price_changed: number;
  marked_sold: number;
  returned_to_stock: number;
  rejected: number;
};

/** A price change, recorded with its time for the garage's price-drop alerts (issue 10 §4). */
export type PriceChange = { vehicle_id: number; stocknum: string; old_price: number | null; new_price: number | null; changed_at: number };

export type StockDiff = {
  counts: Omit<ImportCounts, "rejected">;
  /** Vehicles to write: new ones and every one that changed. Unchanged vehicles are left alone. */
  writes: Vehicle[];
  priceChanges: PriceChange[];
  /** Vehicles on show and available before the import (status in_stock/coming_soon, shown on the website). */
  listedBefore: number;
  /** Of those, how many this import takes out of stock. */
  leavingStock: number;
  listedAfter: number;
};

function isOnShow(vehicle: Vehicle): boolean {
  return isAvailable(vehicle) && vehicle.show_on_dealer_website;
}

/**
 * Issue 10 §4: when the price drops, the previous price becomes the was-price; when it rises or is
 * withdrawn, the old was-price no longer tells the truth and goes. A JSON feed's own before_price wins.
 */
function wasPrice(existing: Vehicle, next: Vehicle, row: FeedRow): number | null {
  if ("before_price" in row.given) return next.before_price;
  if (existing.price === next.price) return existing.before_price;
  if (existing.price !== null && next.price !== null && next.price < existing.price) return existing.price;
  return null;
}

type Matcher = { find(row: FeedRow): Vehicle | null };

/** Stock number first, then VIN; a current vehicle is claimed by one feed row only. */
function matcher(current: readonly Vehicle[]): Matcher {
  const byStock = new Map<string, Vehicle>();
  const byVin = new Map<string, Vehicle>();
  for (const vehicle of current) {
    byStock.set(stockKey(vehicle.stocknum), vehicle);
    const vin = vinKey(vehicle.vin);
    if (vin !== null) byVin.set(vin, vehicle);
  }
  const claimed = new Set<number>();
  return {
    find(row) {
      const vin = vinKey(row.vin);
      for (const candidate of [byStock.get(stockKey(row.stocknum)), vin === null ? undefined : byVin.get(vin)]) {
        if (candidate && !claimed.has(candidate.id)) {
          claimed.add(candidate.id);
          return candidate;
        }
      }
      return null;
    },
  };
}

/**
 * Issue 10 §3-4: the feed against the tenant's current stock. Matched vehicles keep their id, slug
 * and listing date; sold ones that come back are listed again; a full import marks every available
 * vehicle missing from the feed sold at `now` (a partial one never does). Nothing is ever deleted.
 */
export function diffStock(
  rows: readonly FeedRow[],
  current: readonly Vehicle[],
  site: Site,
  mode: ImportMode,
  now: number,
  heldByDeposit: ReadonlySet<number> = new Set(),
): StockDiff {
  const counts: StockDiff["counts"] = { added: 0, updated: 0, unchanged: 0, price_changed: 0, marked_sold: 0, returned_to_stock: 0 };
  const writes: Vehicle[] = [];
  const priceChanges: PriceChange[] = [];
  const match = matcher(current);
  const takenSlugs = new Set(current.map((vehicle) => vehicle.slug));
  const takenIds = new Set(current.map((vehicle) => vehicle.id));
  // New ids follow the tenant's highest (demo ids are site.id × 1,000,000 + n), so they never clash.
  let nextId = current.reduce((max, vehicle) => Math.max(max, vehicle.id), site.id * 1_000_000) + 1;
  const seen = new Set<number>();
  let leavingStock = 0;
  let listedAfter = 0;

  for (const row of rows) {
    const existing = match.find(row);
    if (existing === null) {
      const id = row.feed_id !== null && !takenIds.has(row.feed_id) ? row.feed_id : nextId++;
      const slug = row.feed_slug !== null && !takenSlugs.has(row.feed_slug) ? row.feed_slug : newVehicleSlug(row, takenSlugs);
      takenIds.add(id);
      takenSlugs.add(slug);
      if (id >= nextId) nextId = id + 1;
      const vehicle = toVehicle(row, site, { id, slug, created_at_timestamp: row.listed_since ?? now }, null);
      if (vehicle.status === "sold") vehicle.sold_date_timestamp = row.sold_since ?? now;
      writes.push(vehicle);
      counts.added++;
      if (isOnShow(vehicle)) listedAfter++;
      continue;
    }
    seen.add(existing.id);
    const next = toVehicle(
      row,
      site,
      { id: existing.id, slug: existing.slug, created_at_timestamp: existing.created_at_timestamp },
      existing,
    );
    next.before_price = wasPrice(existing, next, row);
    next.reserved = reservedAfterImport({
      existing: existing.reserved,
      feed: row.given.reserved ?? row.held,
      heldByDeposit: heldByDeposit.has(existing.id),
      sold: next.status === "sold",
    });
    const wasSold = existing.status === "sold";
    if (next.status === "sold") next.sold_date_timestamp = (wasSold ? existing.sold_date_timestamp : null) ?? row.sold_since ?? now;
    else next.sold_date_timestamp = null;
    if (existing.price !== next.price) {
      counts.price_changed++;
      priceChanges.push({
        vehicle_id: existing.id,
        stocknum: next.stocknum,
        old_price: existing.price,
        new_price: next.price,
        changed_at: now,
      });
    }
    if (isOnShow(next)) listedAfter++;
    if (isOnShow(existing) && next.status === "sold") leavingStock++;

    if (sameValue(existing, next)) {
      counts.unchanged++;
      continue;
    }
    writes.push(next);
    if (wasSold && next.status !== "sold") counts.returned_to_stock++;
    else if (!wasSold && next.status === "sold") counts.marked_sold++;
    else counts.updated++;
  }

  for (const vehicle of current) {
    if (seen.has(vehicle.id)) continue;
    const leaves = mode === "full" && isAvailable(vehicle);
    if (!leaves) {
      if (isOnShow(vehicle)) listedAfter++;
      continue;
    }
    if (vehicle.show_on_dealer_website) leavingStock++;
    writes.push({ ...vehicle, status: "sold", sold: true, reserved: false, sold_date_timestamp: now });
    counts.marked_sold++;
  }

  return { counts, writes, priceChanges, listedBefore: current.filter(isOnShow).length, leavingStock, listedAfter };
}
