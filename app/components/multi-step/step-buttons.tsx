import type { Navigation } from "@remix-run/react";
import { PendingLabel, primaryButton as primary } from "../forms/submit-button";

export type PendingIntent = "submit" | "back" | "skip" | "lookup" | null;

/** Which of this flow's buttons is posting (spec 001 §4: the pressed button reads 'Loading' until the next page shows). */
export function pendingIntent(navigation: Navigation, path: string): PendingIntent {
  if (navigation.state === "idle" || navigation.formMethod?.toUpperCase() !== "POST") return null;
  if (!navigation.formAction?.startsWith(path)) return null;
  const intent = navigation.formData?.get("intent");
  return intent === "back" || intent === "skip" || intent === "lookup" ? intent : "submit";
}

const secondary =
  "inline-flex items-center justify-center gap-2 rounded border border-gray-400 bg-white px-4 py-3 font-semibold text-gray-900 hover:bg-gray-100 focus-visible:outline focus-visible:outline-4 focus-visible:outline-offset-2 focus-visible:outline-brand disabled:cursor-wait";

type StepButtonsProps = { submitLabel: string; canGoBack: boolean; skippable: boolean; pending: PendingIntent };

/**
 * The step's submit, Skip and Back. Submit comes first in the document so Enter in a field submits
 * the step (browsers press the first submit button); Back and Skip post without validation
 * (formNoValidate) and without JavaScript too.
 */
export function StepButtons({ submitLabel, canGoBack, skippable, pending }: StepButtonsProps) {
  const busy = pending !== null;
  return (
    <div className="flex flex-wrap items-center gap-3">
      <button type="submit" name="intent" value="submit" disabled={busy} aria-disabled={busy} className={primary} data-testid="submit">
        <PendingLabel text={submitLabel} busy={pending === "submit"} />
      </button>
      {skippable ? (
        <button type="submit" name="intent" value="skip" formNoValidate disabled={busy} className={secondary} data-testid="step-skip">
          <PendingLabel text="Skip this step" busy={pending === "skip"} />
        </button>
      ) : null}
      {canGoBack ? (
        <button type="submit" name="intent" value="back" formNoValidate disabled={busy} className={secondary} data-testid="step-back">
          <PendingLabel text="Go Back" busy={pending === "back"} />
        </button>
      ) : null}
    </div>
  );
}
