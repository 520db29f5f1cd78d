import { formatMoney } from "~/server/lib/format";
import { vehicleHref } from "~/server/stock/can-reserve";
import { priceDisplay } from "~/server/stock/price-display";
import type { Vehicle } from "~/server/stock/vehicle";
import { vehicleTitle } from "~/server/stock/vehicle-title";
import type { PaymentProvider, Site } from "~/server/tenants/schema";
import { reserveDeposit } from "./deposit";
import { RESERVE_MESSAGES } from "./messages";

/** What the reserve dialog shows above its form. */
export type ReserveView = {
  heading: string;
  title: string;
  price: string;
  /** formatMoney of the deposit, or null when the dealer confirms it. */
  deposit: string | null;
  provider: PaymentProvider;
  vehicleHref: string;
  /** The deposit is paid on the provider's page (its keys are configured); otherwise a request. */
  onlinePayment: boolean;
};

type ViewVehicle = Parameters<typeof vehicleTitle>[0] & Parameters<typeof priceDisplay>[0] & Pick<Vehicle, "slug" | "payment_processors">;

export function reserveView(vehicle: ViewVehicle, site: Site, provider: PaymentProvider, onlinePayment = false): ReserveView {
  const deposit = reserveDeposit(vehicle.payment_processors);
  return {
    // The same words as the vehicle page's button that leads here.
    heading: site.features.buy_online ? RESERVE_MESSAGES.buyOnlineHeading : RESERVE_MESSAGES.reserveHeading,
    title: vehicleTitle(vehicle),
    price: priceDisplay(vehicle, site).text,
    deposit: deposit === null ? null : formatMoney(deposit, site.locale),
    provider,
    vehicleHref: vehicleHref(vehicle, site),
    onlinePayment: onlinePayment && deposit !== null,
  };
}

/** The vehicle's own yard and dealership are where it is collected from, so the form starts on them when offered. */
export function reserveFormDefaults(
  vehicle: Pick<Vehicle, "location_id" | "dealership_slug">,
  site: Pick<Site, "locations" | "dealerships">,
): Record<string, string> {
  const defaults: Record<string, string> = {};
  if (site.locations.some((location) => location.visible && location.id === vehicle.location_id))
    defaults.location = String(vehicle.location_id);
  if (site.dealerships.some((dealership) => dealership.slug === vehicle.dealership_slug))
    defaults.dealership_slug = vehicle.dealership_slug;
  return defaults;
}
