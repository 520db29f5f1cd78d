import type { Vehicle } from "./vehicle";

/**
 * The registration as a shopper or salesperson reads it: the plate, then the state that issued it
 * when the feed gives one ("1ABC234 (NSW)"); null when the feed has no plate. The label is the
 * locale's word for it — `localiseText("Rego", locale)`: Rego in AU and NZ, License plate in the US.
 */
export function registrationText(vehicle: Pick<Vehicle, "registration" | "registration_state">): string | null {
  const plate = vehicle.registration?.trim() ?? "";
  if (plate === "") return null;
  const state = vehicle.registration_state?.trim() ?? "";
  return state === "" ? plate : `${plate} (${state})`;
}

/** The label beside it, before localisation (server/lib/spelling.ts turns it into the US word). */
export const REGISTRATION_LABEL = "Rego";
