import type { CarType, Vehicle, VehicleStatus } from "~/server/stock/vehicle";
import type { Location } from "~/server/tenants/schema";

/**
 * One accepted feed row, CSV or JSON, before it meets the tenant's current stock: what the dealer
 * said about the vehicle. `given` holds the other vehicle fields a JSON feed supplied (spec 000 §3).
 */
export type FeedRow = {
  line: number;
  stocknum: string;
  vin: string | null;
  /** The registration plate (Rego in AU/NZ, Plate in the US) and the state it is registered in. */
  registration: string | null;
  registration_state: string | null;
  year: number;
  make: string;
  model: string;
  badge: string | null;
  series: string | null;
  body: string | null;
  transmission: string | null;
  fuel: string | null;
  drive: string | null;
  km: number | null;
  price: number | null;
  price_type: string | null;
  car_type: CarType;
  colour: string | null;
  seats: number | null;
  photos: string[];
  description: string | null;
  location: Location;
  status: VehicleStatus;
  /**
   * The dealer's hold from a status word (Deposit Taken, Under Offer…): true reserves, false lifts
   * the dealer's own hold, undefined (no status given) keeps what the car had (reserved-rule.ts).
   */
  held: boolean | undefined;
  tag: string | null;
  features: string[] | null;
  /** The id and slug a JSON feed gave: a vehicle new to this tenant takes them when they are free. */
  feed_id: number | null;
  feed_slug: string | null;
  /** created_at_timestamp a JSON feed gave, used for a vehicle new to this tenant. */
  listed_since: number | null;
  /** sold_date_timestamp a JSON feed gave for a sold vehicle. */
  sold_since: number | null;
  given: Partial<Vehicle>;
};

/** A row left out of the import, by its line in the file (the header is line 1). */
export type RowIssue = { line: number; message: string };

/** `line 17: price: expected a number, got "POA"` */
export function formatRowIssue(issue: RowIssue): string {
  return `line ${issue.line}: ${issue.message}`;
}

/** The key that makes two rows the same vehicle: stock numbers ignore case and surrounding space. */
export function stockKey(stocknum: string): string {
  return stocknum.trim().toUpperCase();
}

export function vinKey(vin: string | null): string | null {
  const key = vin?.trim().toUpperCase() ?? "";
  return key === "" ? null : key;
}
