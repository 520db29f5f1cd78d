import type { Kysely } from "kysely";
import type { Database } from "../db/types";
import type { Tenant } from "../tenants/load";
import { logger } from "../lib/logger";
import { eventAction, eventFor } from "./events";
import type { Lead } from "./lead-object";
import { MESSAGES, submissionErrorLog } from "./messages";
import { multiStepFields, planStep, stepSaved, type MultiStepState } from "./multi-step";
import { saveLead, updateLead, type StoredFile } from "./store";
import { LeadNotFoundError, LeadStoreUnavailableError } from "./store-errors";

/** spec 001 §8: on failure lead_id is null and the message is shown in the form. */
export type SubmitResult =
  { ok: true; lead_id: string; eventId: number; eventAction: string } | { ok: false; lead_id: null; error: string; status: number };

function failure(category: string, error: unknown): SubmitResult {
  if (!(error instanceof LeadStoreUnavailableError || error instanceof LeadNotFoundError)) throw error;
  logger.error({ err: error.cause ?? error }, submissionErrorLog(category, error.message));
  return { ok: false, lead_id: null, error: error.message || MESSAGES.submitError, status: error.status };
}

function tracking(lead: Lead, step?: number) {
  const event = eventFor(String(lead.category ?? ""), String(lead.subcategory ?? ""));
  return { eventId: event.eventId, eventAction: eventAction(event.eventId, event.category, step) };
}

export type SubmitInput = { tenant: Tenant; lead: Lead; files?: StoredFile[]; mock: boolean; now?: number };

/** spec 001 §4 single form: store the complete lead (delivery follows from the outbox). */
export async function submitLead(db: Kysely<Database>, input: SubmitInput): Promise<SubmitResult> {
  try {
    const id = await saveLead(db, { ...input, status: "Complete" });
    return { ok: true, lead_id: id, ...tracking(input.lead) };
  } catch (error) {
    return failure(String(input.lead.category ?? ""), error);
  }
}

export type StepResult = { state: MultiStepState; result: SubmitResult };

/**
 * spec 001 §4 multi-step: creates on the first save, updates as Incomplete until the last step, skips steps
 * already sent, completes on the last step. Intermediate steps return the lead id and no error.
 */
export async function submitStep(db: Kysely<Database>, state: MultiStepState, step: number, input: SubmitInput): Promise<StepResult> {
  const plan = planStep(state, step);
  const lead: Lead = { ...input.lead, ...multiStepFields(state, step) };
  try {
    let id = state.lead_id;
    if (plan.action === "create") id = await saveLead(db, { ...input, lead, status: plan.status });
    else if (plan.action === "update" && id) await updateLead(db, input.tenant, id, lead, plan.status, input.now);
    if (!id) throw new LeadNotFoundError("");
    return { state: stepSaved(state, step, id), result: { ok: true, lead_id: id, ...tracking(lead, step) } };
  } catch (error) {
    return { state, result: failure(String(lead.category ?? ""), error) };
  }
}
