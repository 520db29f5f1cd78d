import { formatMoney } from "~/server/lib/format";
import { isSold } from "~/server/stock/availability";
import { vehicleHref } from "~/server/stock/can-reserve";
import { cardPhoto } from "~/server/stock/photos";
import { priceDisplay } from "~/server/stock/price-display";
import type { Vehicle } from "~/server/stock/vehicle";
import { vehicleTitle } from "~/server/stock/vehicle-title";
import type { Site } from "~/server/tenants/schema";

export type SavedMarker = "price dropped" | "sold" | null;

/** One saved car as the garage lists it: the current price and status, and its marker. */
export type SavedCarView =
  | {
      kind: "listed";
      id: number;
      title: string;
      href: string;
      image: string | null;
      price: string;
      savedPrice: string | null;
      status: "available" | "sold";
      marker: SavedMarker;
      alerts: boolean;
    }
  /** A saved id with no vehicle behind it any more: shown as no longer available, never an error. */
  | { kind: "gone"; id: number; alerts: boolean };

export type SavedRow = { vehicle_id: number; saved_price: number | null; alerts: number };

/** 'sold' wins over 'price dropped': a sold car's price no longer matters to the shopper. */
export function savedMarker(savedPrice: number | null, vehicle: Pick<Vehicle, "price" | "status" | "sold">): SavedMarker {
  if (isSold(vehicle)) return "sold";
  if (savedPrice !== null && vehicle.price !== null && vehicle.price < savedPrice) return "price dropped";
  return null;
}

/** A sold car stays in the list marked sold (not removed after the listing's sold window). */
export function savedCarView(row: SavedRow, vehicle: Vehicle | null, site: Site): SavedCarView {
  if (vehicle === null) return { kind: "gone", id: row.vehicle_id, alerts: row.alerts === 1 };
  return {
    kind: "listed",
    id: vehicle.id,
    title: vehicleTitle(vehicle),
    href: vehicleHref(vehicle, site),
    image: cardPhoto(vehicle),
    price: priceDisplay(vehicle, site).text,
    savedPrice: row.saved_price === null ? null : formatMoney(row.saved_price, site.locale),
    status: isSold(vehicle) ? "sold" : "available",
    marker: savedMarker(row.saved_price, vehicle),
    alerts: row.alerts === 1,
  };
}
