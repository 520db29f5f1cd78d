import { z } from "~/server/lib/zod";

/** spec 001 §4 multi-step lead: where the visitor is and what has been sent. */
export const multiStepStateSchema = z.object({
  lead_id: z.string().max(64).nullable(),
  total_steps: z.number().int().min(1).max(20),
  current_step: z.number().int().min(1),
  sent_steps: z.array(z.number().int()),
  skipped_steps: z.array(z.number().int()),
  /** The step a skip left from; Go Back returns there. */
  skipped_from: z.number().int().nullable(),
  completed: z.boolean(),
});
export type MultiStepState = z.infer<typeof multiStepStateSchema>;

/** What submitting a step asks of the store. */
export type StepPlan =
  { action: "create"; status: "Incomplete" | "Complete" } | { action: "update"; status: "Incomplete" | "Complete" } | { action: "none" };

export function startMultiStep(totalSteps: number): MultiStepState {
  return {
    lead_id: null,
    total_steps: totalSteps,
    current_step: 1,
    sent_steps: [],
    skipped_steps: [],
    skipped_from: null,
    completed: false,
  };
}

/**
 * spec 001 §4: the first save creates the lead; each later step except the last updates it as Incomplete;
 * a step already sent is not sent again; the last step sends it Complete.
 */
export function planStep(state: MultiStepState, step: number): StepPlan {
  const last = step >= state.total_steps;
  const status = last ? "Complete" : "Incomplete";
  if (state.lead_id === null) return { action: "create", status };
  if (!last && state.sent_steps.includes(step)) return { action: "none" };
  return { action: "update", status };
}

/** After the store answered: remember the id and the sent step, and move on. */
export function stepSaved(state: MultiStepState, step: number, leadId: string): MultiStepState {
  const last = step >= state.total_steps;
  return {
    ...state,
    lead_id: leadId,
    sent_steps: state.sent_steps.includes(step) ? state.sent_steps : [...state.sent_steps, step].sort((a, b) => a - b),
    current_step: last ? step : step + 1,
    skipped_from: null,
    completed: last,
  };
}

/** spec 001 §4: skips are recorded in skipped_steps; by default the skip moves one step on. */
export function skipStep(state: MultiStepState, to = state.current_step + 1): MultiStepState {
  const target = Math.min(Math.max(to, state.current_step + 1), state.total_steps);
  const skipped = new Set(state.skipped_steps);
  for (let step = state.current_step; step < target; step += 1) skipped.add(step);
  return { ...state, current_step: target, skipped_steps: [...skipped].sort((a, b) => a - b), skipped_from: state.current_step };
}

/** spec 001 §4: Go Back returns to the step skipped from (then that step is no longer skipped), else one step back. */
export function goBack(state: MultiStepState): MultiStepState {
  if (state.skipped_from !== null) {
    const from = state.skipped_from;
    return { ...state, current_step: from, skipped_from: null, skipped_steps: state.skipped_steps.filter((step) => step < from) };
  }
  return { ...state, current_step: Math.max(1, state.current_step - 1) };
}

/** spec 001 §3 multi-step payload fields that the machine owns. */
export function multiStepFields(state: MultiStepState, step: number) {
  const last = step >= state.total_steps;
  return {
    lead_status: last ? "Complete" : "Incomplete",
    form_completed: last,
    skipped_steps: state.skipped_steps,
    step_number: step,
  };
}
