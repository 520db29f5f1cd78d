import type { LeadFormValues } from "~/server/leads/forms";
import { buildLead, resolveLeadEvent, type CarDetails, type Lead } from "~/server/leads/lead-object";
import type { Vehicle } from "~/server/stock/vehicle";
import type { Tenant } from "~/server/tenants/load";
import type { VisitorContext } from "~/server/visitor/context";
import { carDetails, carIdentifiers } from "~/server/handlers/shared/car";
import { withEventId } from "~/server/handlers/leads";
import type { FlowDefinition } from "~/server/multi-step/flow-types";
import type { StepValues } from "~/server/multi-step/step-schema";

/**
 * spec 001 §3 multi-step lead payload keys that the values may not supply. Every version of the
 * lead carries each of them (null when unknown) so the dealer always receives the same shape;
 * lead_id, lead_status, form_completed, skipped_steps and step_number come from the step machine.
 */
const PAYLOAD_KEYS = [
  "stock_number",
  "Vehicle Make",
  "Vehicle Model",
  "car_type",
  "car_id",
  "vehicle_status",
  "opt_in",
  "message",
] as const;

export type FlowLeadInput = {
  flow: FlowDefinition;
  tenant: Tenant;
  values: StepValues;
  car: Vehicle | null;
  visitor: VisitorContext;
  request: { url: string; userAgent: string; now: number; hasFiles: boolean };
};

function carFor(flow: FlowDefinition, car: Vehicle | null): CarDetails | undefined {
  if (!car || flow.carUse === "none") return undefined;
  // Finance is about the stock car, so all its details go; a trade-in describes the visitor's own car.
  return flow.carUse === "details" ? carDetails(car) : { ...carIdentifiers(car), vehicle_status: car.status };
}

/** The location of a tenant with only one visible location (the flows ask only when there is a choice). */
function defaultLocation(tenant: Tenant): string | undefined {
  const visible = tenant.site.locations.filter((location) => location.visible);
  return visible.length === 1 ? String(visible[0].id) : undefined;
}

/** spec 001 §3: the lead object for one step, built from every validated value so far. */
export function buildFlowLead({ flow, tenant, values, car, visitor, request }: FlowLeadInput): Lead {
  const formValues: LeadFormValues = { location: defaultLocation(tenant), ...values };
  // Typed vehicle fields give way to the stock record when the flow is about a stock car.
  const details = carFor(flow, car);
  if (details && flow.carUse === "details")
    for (const name of ["Vehicle Make", "Vehicle Model", "Vehicle Year", "price", "car_type"]) delete formValues[name];
  const built = buildLead({ kind: flow.kind, values: formValues, tenant, visitor, request, car: details, subcategory: flow.subcategory });
  const lead: Lead = { ...built };
  for (const key of PAYLOAD_KEYS) if (lead[key] === undefined) lead[key] = null;
  return withEventId(lead, resolveLeadEvent(flow.kind, formValues, details, flow.subcategory).eventId);
}
