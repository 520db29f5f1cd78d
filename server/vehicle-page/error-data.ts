import type { VehicleErrorData } from "./types";

const errorKinds: ReadonlySet<unknown> = new Set(["not_found", "unavailable", "page_not_found"]);

/** A thrown vehicle-route Response's data, as the ErrorBoundary receives it. */
export function isVehicleErrorData(value: unknown): value is VehicleErrorData {
  return typeof value === "object" && value !== null && "kind" in value && errorKinds.has(value.kind);
}
