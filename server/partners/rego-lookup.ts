import type { PartnerClient, PartnerEndpoint } from "./client";
import type { RegoQuery } from "./rego-query";
import { isPartnerError } from "./response";
import { vehicleFromAnswer, type PartnerVehicle } from "./vehicle";

export type RegoPartner = "nevdis" | "autograb";

/**
 * The two registration lookups (spec 001 §7 POST /api/nevdis, /api/simple-autograb-lookup). The
 * partner calls are designed in docs/decisions.md: NEVDIS takes a JSON POST with a bearer key,
 * Autograb a GET by plate and region with an `ApiKey` header; both answer {vehicle:{…}} or 404.
 * A plate the registry does not know is null; any other failure is a PartnerError.
 */
export async function lookupRego(
  client: PartnerClient,
  partner: RegoPartner,
  endpoint: PartnerEndpoint,
  query: RegoQuery,
): Promise<PartnerVehicle | null> {
  try {
    const body =
      partner === "nevdis"
        ? await client.call(endpoint, {
            method: "POST",
            path: "/vehicles/lookup",
            json: { plate: query.rego, state: query.state },
            auth: "bearer",
          })
        : await client.call(endpoint, {
            method: "GET",
            path: `/v2/vehicles/registrations/${encodeURIComponent(query.rego)}`,
            query: { region: query.state.toLowerCase() },
            auth: "api-key",
          });
    return vehicleFromAnswer(body);
  } catch (error) {
    if (isPartnerError(error) && error.status === 404) return null;
    throw error;
  }
}
