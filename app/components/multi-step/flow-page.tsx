import type { SerializeFrom } from "@remix-run/node";
import { useEffect, useRef } from "react";
import type { FlowStepView } from "~/server/handlers/multi-step/step-view";
import { ForgetDetails } from "../forms/forget-details";
import { StepForm } from "./step-form";
import { StepProgress } from "./step-progress";
import { FormVehicle } from "../forms/form-vehicle";

/** A step page: the flow's heading, progress, the step's heading and its form. */
export function FlowPage({ view }: { view: SerializeFrom<FlowStepView> }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);

  // With JavaScript the next step replaces the page in place: move focus to its heading so screen
  // reader users hear where they are (a full page load does this by itself).
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    heading.current?.focus();
  }, [view.step]);

  return (
    <section className="mx-auto max-w-2xl space-y-4" aria-labelledby="flow-title" data-testid="flow-page" data-flow={view.flowId}>
      <h1 id="flow-title" className="text-2xl font-bold sm:text-3xl">
        {view.title}
      </h1>
      <p className="text-gray-700">{view.intro}</p>
      <StepProgress steps={view.steps} step={view.step} />
      {view.notice ? (
        <p className="rounded border border-amber-600 bg-amber-50 p-3" role="status" data-testid="flow-notice">
          {view.notice}
        </p>
      ) : null}
      <FormVehicle car={view.car} />
      <div className="rounded-lg border border-gray-200 bg-white p-4 shadow-sm sm:p-6">
        <h2 ref={heading} tabIndex={-1} className="mb-4 text-xl font-bold focus:outline-none" data-testid="step-title">
          {view.stepTitle}
        </h2>
        <StepForm key={`${view.step}:${Object.values(view.defaultValue).join("|")}`} view={view} />
        {view.detailsStored ? <ForgetDetails /> : null}
      </div>
    </section>
  );
}
