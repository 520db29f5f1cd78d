import { describe, expect, it } from "vitest";
import { goBack, multiStepFields, multiStepStateSchema, planStep, skipStep, startMultiStep, stepSaved } from "~/server/leads/multi-step";

describe("multi-step machine (spec 001 §4)", () => {
  it("creates the lead on the first save", () => {
    const state = startMultiStep(3);
    expect(planStep(state, 1)).toEqual({ action: "create", status: "Incomplete" });
    const saved = stepSaved(state, 1, "lead-1");
    expect(saved).toMatchObject({ lead_id: "lead-1", current_step: 2, sent_steps: [1], completed: false });
  });

  it("updates intermediate steps as Incomplete and keeps the id", () => {
    const state = stepSaved(startMultiStep(3), 1, "lead-1");
    expect(planStep(state, 2)).toEqual({ action: "update", status: "Incomplete" });
    expect(stepSaved(state, 2, "lead-1")).toMatchObject({ lead_id: "lead-1", sent_steps: [1, 2], current_step: 3 });
  });

  it("does not re-send a step already sent", () => {
    const state = stepSaved(stepSaved(startMultiStep(3), 1, "lead-1"), 2, "lead-1");
    expect(planStep(goBack(state), 2)).toEqual({ action: "none" });
  });

  it("records skips and returns to the skipped-from step on Go Back", () => {
    const atTwo = stepSaved(startMultiStep(4), 1, "lead-1");
    const skipped = skipStep(atTwo, 4);
    expect(skipped).toMatchObject({ current_step: 4, skipped_steps: [2, 3], skipped_from: 2 });
    expect(multiStepFields(skipped, 4).skipped_steps).toEqual([2, 3]);
    const back = goBack(skipped);
    expect(back).toMatchObject({ current_step: 2, skipped_steps: [], skipped_from: null });
    expect(goBack(back).current_step).toBe(1);
    expect(goBack(goBack(back)).current_step).toBe(1);
  });

  it("never skips past the last step", () => {
    expect(skipStep(startMultiStep(2), 9)).toMatchObject({ current_step: 2, skipped_steps: [1] });
  });

  it("sends the last step complete, even when it was reached before", () => {
    const state = stepSaved(startMultiStep(2), 1, "lead-1");
    expect(planStep(state, 2)).toEqual({ action: "update", status: "Complete" });
    expect(multiStepFields(state, 2)).toEqual({ lead_status: "Complete", form_completed: true, skipped_steps: [], step_number: 2 });
    expect(multiStepFields(state, 1)).toMatchObject({ lead_status: "Incomplete", form_completed: false, step_number: 1 });
    const done = stepSaved(state, 2, "lead-1");
    expect(done).toMatchObject({ completed: true, current_step: 2 });
    expect(planStep(done, 2)).toEqual({ action: "update", status: "Complete" });
  });

  it("a single-step flow creates a complete lead at once", () => {
    expect(planStep(startMultiStep(1), 1)).toEqual({ action: "create", status: "Complete" });
  });

  it("round-trips through its schema (hidden field or cookie)", () => {
    const state = skipStep(stepSaved(startMultiStep(3), 1, "lead-1"));
    expect(multiStepStateSchema.parse(JSON.parse(JSON.stringify(state)))).toEqual(state);
  });
});
