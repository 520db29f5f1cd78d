import type { Tenant } from "~/server/tenants/load";

export type RegoQuery = { rego: string; state: string | null };
/** What a lookup may fill in on the vehicle step (field names of the flows). */
export type LookedUpVehicle = { "Vehicle Make": string; "Vehicle Model": string; "Vehicle Year"?: string };

/**
 * spec 001 §7 lists rego lookups (POST /api/nevdis, /api/simple-autograb-lookup) but not their
 * bodies, so the flows ask for the vehicle by hand. A provider plugs in here; when `available`
 * says so, the vehicle step offers a "Find my vehicle" button that pre-fills make, model and year.
 */
export type VehicleLookup = {
  available(tenant: Tenant): boolean;
  lookup(tenant: Tenant, query: RegoQuery): Promise<LookedUpVehicle | null>;
};

/** The default: no provider, manual entry. */
export const noVehicleLookup: VehicleLookup = {
  available: () => false,
  lookup: async () => null,
};
