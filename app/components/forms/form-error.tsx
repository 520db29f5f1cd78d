import { useEffect } from "react";
import { MESSAGES } from "~/server/leads/messages";

/** spec 001 §4/§8: a failed submission raises the alert (with JS) besides the inline message. */
export function useFailedAlert(actionData: { failed: boolean } | undefined) {
  useEffect(() => {
    if (actionData?.failed) window.alert(MESSAGES.submitError);
  }, [actionData]);
}

/** The form's own errors (not a field's), read out as they appear; the box is there empty so they are. */
export function FormError({ id, errors }: { id: string; errors: string[] | null }) {
  return (
    <div id={id} role="alert" aria-live="assertive">
      {errors ? (
        <p className="rounded border border-red-700 bg-red-50 p-3 font-medium text-red-800" data-testid="form-error">
          {errors.join(" ")}
        </p>
      ) : null}
    </div>
  );
}
