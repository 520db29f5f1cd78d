import type { StepStatus } from "~/server/handlers/multi-step/step-view";

const STATUS_TEXT: Record<StepStatus, string> = { done: "done", skipped: "skipped", current: "current step", todo: "to do" };

/** "Step 2 of 5" and the list of steps; the current one is marked for screen readers with aria-current. */
export function StepProgress({ steps, step }: { steps: { title: string; status: StepStatus }[]; step: number }) {
  return (
    <nav aria-label="Progress" data-testid="step-progress">
      <p className="text-sm font-semibold text-gray-700">
        Step {step} of {steps.length}
      </p>
      <ol className="mt-2 flex flex-wrap gap-2 text-sm">
        {steps.map((item, index) => (
          <li
            key={item.title}
            aria-current={item.status === "current" ? "step" : undefined}
            data-status={item.status}
            className={
              item.status === "current"
                ? "rounded-full bg-brand px-3 py-1 font-semibold text-brand-contrast"
                : "rounded-full border border-gray-300 px-3 py-1 text-gray-700"
            }
          >
            {index + 1}. {item.title}
            <span className="sr-only"> ({STATUS_TEXT[item.status]})</span>
          </li>
        ))}
      </ol>
    </nav>
  );
}
