import type { FormKind } from "~/server/leads/form-kinds";
import type { Vehicle } from "~/server/stock/vehicle";
import type { Tenant } from "~/server/tenants/load";
import type { StepField } from "./step-schema";

export type FlowId = "finance" | "trade-in" | "sell-my-car";

/** What a step's fields may depend on: the tenant's switches and the stock vehicle the flow is about. */
export type StepContext = { tenant: Tenant; car: Vehicle | null };

export type FlowStep = {
  key: string;
  title: string;
  /** spec 001 §4: skips are recorded in skipped_steps; only optional steps offer Skip. */
  skippable: boolean;
  fields(context: StepContext): StepField[];
};

/** How the flow's lead uses a stock vehicle from ?car_id=. */
export type CarUse =
  /** The car is what the visitor wants to buy: all its details go on the lead (finance). */
  | "details"
  /** 'Vehicle Make'/'Model'/'Year' describe the visitor's own car; the stock car adds only its identifiers (trade-in). */
  | "identifiers"
  | "none";

/** One multi-step flow (ARCHITECTURE: "Multi-step flows are URLs"). */
export type FlowDefinition = {
  id: FlowId;
  /** The form kind whose category, subcategory and event id the lead is recorded under (server/leads). */
  kind: FormKind;
  subcategory: string;
  path: string;
  title: string;
  intro: string;
  /** One signed cookie per flow, scoped to the flow's path. */
  cookieName: string;
  carUse: CarUse;
  /** The vehicle the visitor describes is their own (trade-in, sell): remembered and pre-filled as such. */
  ownVehicle: boolean;
  steps: readonly FlowStep[];
};
