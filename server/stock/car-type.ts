import type { CarType } from "./vehicle";

// spec 000 §3 car_type: new, used, demo.
const labels: ReadonlyMap<string, string> = new Map<CarType, string>([
  ["new", "New"],
  ["used", "Used"],
  ["demo", "Demo"],
]);

/** A car_type as shoppers read it (card chips, facet chips, titles): "used" → "Used"; other text as written. */
export function carTypeLabel(carType: string): string {
  return labels.get(carType) ?? carType;
}
