import { localiseText } from "~/server/lib/spelling";
import { isAvailable, isSold } from "~/server/stock/availability";
import { vehicleHref } from "~/server/stock/can-reserve";
import { CARD_CHIP_LABELS, chipText, type CardChipKey } from "~/server/stock/card-chips";
import { financeOffer } from "~/server/stock/finance-offer";
import { cardPhoto } from "~/server/stock/photos";
import { priceDisplay, priceTypeFor, type PriceDisplay } from "~/server/stock/price-display";
import type { Vehicle } from "~/server/stock/vehicle";
import { vehicleTitle } from "~/server/stock/vehicle-title";
import type { Site } from "~/server/tenants/schema";

export const MAX_COMPARED = 3;

/** One compared car's head: what a shopper needs to pick it (photo, price as the price rule shows it) and act. */
export type CompareCar = {
  id: number;
  title: string;
  image: string | null;
  price: { kind: PriceDisplay["kind"]; text: string };
  priceType: string | null;
  details: string;
  /** Only a car that can still be bought is enquired about (as on its search card). */
  enquire: string | null;
};

/** One spec across the cars; `differs` when two cars read differently, so the shopper sees what sets them apart. */
export type CompareRow = { key: string; label: string; values: string[]; differs: boolean };

export type CompareView = { cars: CompareCar[]; rows: CompareRow[]; enquireLabel: string };

const BLANK = "—";

// The key specs, labelled and shown exactly as the search cards' chips show them (one display rule each).
const SPEC_ROWS: readonly CardChipKey[] = ["car_type", "year", "km", "simple_body", "simple_transmission", "simple_fuel"];

function compareCar(vehicle: Vehicle, site: Site): CompareCar {
  const href = vehicleHref(vehicle, site);
  const shown = priceDisplay(vehicle, site);
  return {
    id: vehicle.id,
    title: vehicleTitle(vehicle),
    image: cardPhoto(vehicle),
    price: { kind: shown.kind, text: shown.text },
    priceType: priceTypeFor(shown, vehicle.price_type),
    details: href,
    enquire: isAvailable(vehicle) && !isSold(vehicle) ? `${href}/enquire` : null,
  };
}

function specText(key: CardChipKey, vehicle: Vehicle, site: Site): string {
  // A car without the simple fuel still says what it runs on.
  const text = chipText(key, vehicle, site)?.trim() || (key === "simple_fuel" ? vehicle.fuel?.trim() : undefined);
  return text ? localiseText(text, site.locale) : BLANK;
}

function row(key: string, label: string, values: string[]): CompareRow {
  return { key, label, values, differs: values.length > 1 && new Set(values).size > 1 };
}

/** Up to 3 cars side by side, their key specs with the spec's labels, differences marked. */
export function compareView(vehicles: Vehicle[], site: Site, now: number): CompareView {
  const shown = vehicles.slice(0, MAX_COMPARED);
  const rows = SPEC_ROWS.map((key) =>
    row(
      key,
      CARD_CHIP_LABELS[key],
      shown.map((vehicle) => specText(key, vehicle, site)),
    ),
  );
  const finance = shown.map((vehicle) => {
    const payment = financeOffer(vehicle, site, now)?.payment;
    return payment?.frequency === "week" ? payment.text : BLANK;
  });
  return {
    cars: shown.map((vehicle) => compareCar(vehicle, site)),
    rows: [...rows, row("finance", "Finance per week", finance)],
    enquireLabel: localiseText("Enquire", site.locale),
  };
}
