import type { Services } from "~/server/services";
import type { Tenant } from "~/server/tenants/load";
import type { PartnerClient } from "~/server/partners/client";
import { lookupRego, type RegoPartner } from "~/server/partners/rego-lookup";
import { parseRegoQuery } from "~/server/partners/rego-query";
import { isPartnerError } from "~/server/partners/response";
import { logger } from "~/server/lib/logger";

export type RegoQuery = { rego: string; state: string | null };
/** What a lookup may fill in on the vehicle step (field names of the flows). */
export type LookedUpVehicle = { "Vehicle Make": string; "Vehicle Model": string; "Vehicle Year"?: string };

/**
 * The vehicle step's "Find my vehicle" button (rego and state → make, model and year). It goes
 * through the same partner adapters as POST /api/nevdis and /api/simple-autograb-lookup (spec 001
 * §7); where a site enables neither, the flows ask for the vehicle by hand.
 */
export type VehicleLookup = {
  available(tenant: Tenant): boolean;
  lookup(tenant: Tenant, query: RegoQuery): Promise<LookedUpVehicle | null>;
};

/** No provider: manual entry. */
export const noVehicleLookup: VehicleLookup = {
  available: () => false,
  lookup: async () => null,
};

// NEVDIS is the national registry, so it is asked first where a site has both.
const REGO_PARTNERS: readonly RegoPartner[] = ["nevdis", "autograb"];

/** The site's rego partners as the flows' lookup; a failed call reads as "not found", so the visitor types the details. */
export function partnerVehicleLookup(client: PartnerClient): VehicleLookup {
  const firstEnabled = (tenant: Tenant) => REGO_PARTNERS.find((name) => client.endpoint(tenant, name) !== null) ?? null;
  return {
    available: (tenant) => firstEnabled(tenant) !== null,
    async lookup(tenant, query) {
      const partner = firstEnabled(tenant);
      const endpoint = partner ? client.endpoint(tenant, partner) : null;
      const parsed = parseRegoQuery(query.rego, query.state);
      if (!partner || !endpoint || !parsed.ok) return null;
      try {
        const vehicle = await lookupRego(client, partner, endpoint, parsed.query);
        if (!vehicle) return null;
        return {
          "Vehicle Make": vehicle.make,
          "Vehicle Model": vehicle.model,
          ...(vehicle.year !== null ? { "Vehicle Year": String(vehicle.year) } : {}),
        };
      } catch (error) {
        if (!isPartnerError(error)) throw error;
        logger.warn({ tenant: tenant.slug, partner, status: error.status, err: error.message }, "rego lookup failed");
        return null;
      }
    },
  };
}

/** The lookup a flow uses unless a test hands it another. */
export function vehicleLookupOf(services: Services): VehicleLookup {
  return partnerVehicleLookup(services.partners);
}
