import { goBack, skipStep, type MultiStepState } from "~/server/leads/multi-step";
import type { FlowDefinition } from "./flow-types";
import type { StepValues } from "./step-schema";

export type Intent = "submit" | "back" | "skip";

/** Back and Skip are buttons named `intent` (ARCHITECTURE: "Back and Skip are buttons that post"). */
export function parseIntent(raw: FormDataEntryValue | null): Intent {
  return raw === "back" || raw === "skip" ? raw : "submit";
}

/** A step number from the URL or the form, or null when it is not one of the flow's steps. */
export function parseStep(raw: string | FormDataEntryValue | null, flow: FlowDefinition): number | null {
  if (typeof raw !== "string" || !/^\d{1,2}$/.test(raw)) return null;
  const step = Number(raw);
  return step >= 1 && step <= flow.steps.length ? step : null;
}

/**
 * The furthest step the visitor may open: the first step neither sent nor skipped. Steps are done
 * in order, so a later step can only be reached through the ones before it.
 */
export function reachedStep(state: MultiStepState): number {
  for (let step = 1; step < state.total_steps; step += 1) {
    if (!state.sent_steps.includes(step) && !state.skipped_steps.includes(step)) return step;
  }
  return state.total_steps;
}

/** The step a GET shows: the asked one when reached, else null (the route redirects to the current step). */
export function viewableStep(state: MultiStepState, asked: number | null): number | null {
  if (asked === null) return state.current_step;
  return asked <= reachedStep(state) ? asked : null;
}

/**
 * Working on a step the visitor opened by URL (an earlier one): it becomes the current step. A
 * pending "Go Back returns to the skipped-from step" only holds while they stay where the skip took them.
 */
export function atStep(state: MultiStepState, step: number): MultiStepState {
  if (step === state.current_step) return state;
  return { ...state, current_step: step, skipped_from: null };
}

/** spec 001 §4: Go Back returns to the skipped-from step, else one step back. Nothing is sent. */
export function applyBack(state: MultiStepState): MultiStepState {
  return goBack(state);
}

/**
 * spec 001 §4: the skip is recorded in skipped_steps (sent with the next saved step). What the
 * visitor had typed on the skipped step is dropped, so the lead never carries an answer they withdrew.
 */
export function applySkip(
  state: MultiStepState,
  values: StepValues,
  skippedFieldNames: readonly string[],
): { state: MultiStepState; values: StepValues } {
  const kept: StepValues = {};
  for (const [name, value] of Object.entries(values)) if (!skippedFieldNames.includes(name)) kept[name] = value;
  return { state: skipStep(state), values: kept };
}

/** The href of a step page. */
export function stepHref(flow: FlowDefinition, step: number): string {
  return `${flow.path}?step=${step}`;
}
