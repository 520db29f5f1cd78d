import type { Site } from "~/server/tenants/schema";

/** spec 001 §3 tracking product payload, pushed to the data layer on vehicle pages. */
export type TrackingProduct = {
  content_ids: string[];
  contents: Array<{ id: string; quantity: number }>;
  currency: string;
  value: number;
  content_type: "product";
  content_name: string;
  search_string: string;
};

/**
 * What a vehicle page knows about itself for tracking: the payload, the car type (event 3, 4 or 45) and the
 * split-test variant the visitor saw (spec 001 §6), which the page-view event carries.
 */
export type VehicleTracking = {
  carType: string;
  product: TrackingProduct;
  exposure?: { experiment: string; variant: string } | null;
};

type TrackedVehicle = { stocknum: string; price: number | null; car_type: string; make: string; model: string };

/**
 * spec 001 §3: currency AUD on the spec's sites; our NZ and US tenants send their own currency. The
 * content id is the stock number (what the dealer's catalogue feed keys on); search_string is
 * "{make} {model}", the words a shopper would have searched.
 */
export function vehicleTracking(vehicle: TrackedVehicle, site: Pick<Site, "currency">, title: string): VehicleTracking {
  return {
    carType: vehicle.car_type,
    product: {
      content_ids: [vehicle.stocknum],
      contents: [{ id: vehicle.stocknum, quantity: 1 }],
      currency: site.currency,
      value: vehicle.price ?? 0,
      content_type: "product",
      content_name: title,
      search_string: `${vehicle.make} ${vehicle.model}`,
    },
  };
}
