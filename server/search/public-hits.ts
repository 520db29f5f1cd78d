import type { Vehicle } from "~/server/stock/vehicle";

/**
 * Hits as the browser may see them: payment processor keys are for the checkout server, not for
 * anyone who calls the search API.
 */
export function publicHit(vehicle: Vehicle): Vehicle {
  return {
    ...vehicle,
    payment_processors: vehicle.payment_processors.map((processor) => ({ ...processor, authorization_key: null })),
  };
}
