import type { Kysely } from "kysely";
import type { Database } from "~/server/db/types";
import type { Tenant } from "~/server/tenants/load";
import { logger } from "~/server/lib/logger";
import { eventAction, eventFor, MULTI_STEP_EVENT_ID } from "./events";
import type { Lead } from "./lead-object";
import { MESSAGES, submissionErrorLog } from "./messages";
import { multiStepFields, planStep, stepSaved, type MultiStepState } from "./multi-step";
import { saveLead, updateLead, type FlowNonceChange, type StoredFile, type UsedFillToken } from "./store";
import { FillTokenUsedError, LeadCompleteError, LeadNotFoundError, LeadStoreUnavailableError, StaleFlowError } from "./store-errors";

/**
 * spec 001 §8: on failure lead_id is null and the message is shown in the form. `savedStep` is set
 * when a multi-step cookie was older than the lead: the last step the lead saved.
 */
export type SubmitResult =
  | { ok: true; lead_id: string; eventId: number; eventAction: string }
  | { ok: false; lead_id: null; error: string; status: number; savedStep?: number };

function failure(category: string, error: unknown): SubmitResult {
  // Refusals of a tampered or replayed submission; the store changed nothing.
  if (error instanceof LeadCompleteError || error instanceof FillTokenUsedError || error instanceof StaleFlowError) {
    logger.warn({ reason: error.name }, submissionErrorLog(category, error.message));
    const savedStep = error instanceof StaleFlowError ? { savedStep: error.currentStep } : {};
    return { ok: false, lead_id: null, error: error.message, status: error.status, ...savedStep };
  }
  if (!(error instanceof LeadStoreUnavailableError || error instanceof LeadNotFoundError)) throw error;
  logger.error({ err: error.cause ?? error }, submissionErrorLog(category, error.message));
  return { ok: false, lead_id: null, error: error.message || MESSAGES.submitError, status: error.status };
}

/** The event of a lead's category (spec 001 §4), with ' - Step {n}' under 32. */
export function leadTracking(lead: Lead, step?: number): { eventId: number; eventAction: string } {
  const event = eventFor(String(lead.category ?? ""), String(lead.subcategory ?? ""));
  return { eventId: event.eventId, eventAction: eventAction(event.eventId, event.category, step) };
}

/**
 * spec 001 §4: a step that leaves the lead Incomplete is the multi-step event 32 with ' - Step {n}' on the
 * lead's category; the step that completes it is the lead's own form-submission event (trade-in 16,
 * finance 23; sell my car is 32 itself, so it keeps its step), recorded once per lead.
 */
export function stepTracking(lead: Lead, step: number, completes: boolean): { eventId: number; eventAction: string } {
  if (completes) return leadTracking(lead, step);
  const category = eventFor(String(lead.category ?? ""), String(lead.subcategory ?? "")).category;
  return { eventId: MULTI_STEP_EVENT_ID, eventAction: eventAction(MULTI_STEP_EVENT_ID, category, step) };
}

/**
 * spec 001 §4 for a lead saved or updated through the lead API (`POST`/`PUT /api/leads`), where the client
 * runs the steps: the update that completes the lead is its own event, once (a Complete lead takes no
 * more updates); an Incomplete save that reaches a later step than the lead had is 32 ' - Step {n}' (a
 * new Incomplete lead without a step is at step 1); the same step again, or no step, records nothing.
 */
export function apiStepTracking(
  lead: Lead,
  change: { previousStep: number | null; step: number | null; completes: boolean },
): { eventId: number; eventAction: string } | null {
  const { previousStep, step, completes } = change;
  if (completes) return stepTracking(lead, step ?? previousStep ?? 1, true);
  if (step === null || (previousStep !== null && step <= previousStep)) return null;
  return stepTracking(lead, step, false);
}

export type SubmitInput = {
  tenant: Tenant;
  lead: Lead;
  files?: StoredFile[];
  mock: boolean;
  now?: number;
  /** The API's update token, hashed. */
  updateTokenHash?: string;
  /** The form's fill-time token, used up by this lead. */
  fillToken?: UsedFillToken;
};

/** spec 001 §4 single form: store the complete lead (delivery follows from the outbox). */
export async function submitLead(db: Kysely<Database>, input: SubmitInput): Promise<SubmitResult> {
  try {
    const id = await saveLead(db, { ...input, status: "Complete" });
    return { ok: true, lead_id: id, ...leadTracking(input.lead) };
  } catch (error) {
    return failure(String(input.lead.category ?? ""), error);
  }
}

/**
 * `nonce`: what the progress cookie carries now (the new one when the step wrote the lead). `sent`: the
 * step wrote the lead (a step already sent is not re-sent, so it has no event of its own either).
 */
export type StepResult = { state: MultiStepState; result: SubmitResult; nonce: string | null; sent: boolean };

/**
 * spec 001 §4 multi-step: creates on the first save, updates as Incomplete until the last step, skips steps
 * already sent, completes on the last step. Intermediate steps return the lead id and no error.
 * Each write stores `nonce.next`; an update whose cookie carries an older nonce than the
 * lead's is refused (StaleFlowError) and changes nothing.
 */
export async function submitStep(
  db: Kysely<Database>,
  state: MultiStepState,
  step: number,
  input: SubmitInput,
  nonce: FlowNonceChange,
): Promise<StepResult> {
  const plan = planStep(state, step);
  const lead: Lead = { ...input.lead, ...multiStepFields(state, step) };
  try {
    let id = state.lead_id;
    let current = nonce.expected;
    if (plan.action === "create") {
      id = await saveLead(db, { ...input, lead, status: plan.status, flowNonce: nonce.next });
      current = nonce.next;
    } else if (plan.action === "update" && id) {
      await updateLead(db, input.tenant, id, lead, plan.status, input.now, nonce);
      current = nonce.next;
    }
    if (!id) throw new LeadNotFoundError("");
    const saved = stepSaved(state, step, id);
    return {
      state: saved,
      result: { ok: true, lead_id: id, ...stepTracking(lead, step, saved.completed) },
      nonce: current,
      sent: plan.action !== "none",
    };
  } catch (error) {
    return { state, result: failure(String(lead.category ?? ""), error), nonce: nonce.expected, sent: false };
  }
}
