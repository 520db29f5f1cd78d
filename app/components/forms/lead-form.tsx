import { ForgetDetails } from "./forget-details";
import { HoneypotFields } from "./honeypot-fields";
import type { SubmissionResult } from "@conform-to/react";
import { Form, useActionData, useFormAction, useNavigation } from "@remix-run/react";
import type { SerializeFrom } from "@remix-run/node";
import { FILL_TOKEN_FIELD } from "~/server/handlers/leads/fill-field";
import type { LeadFormActionData } from "~/server/handlers/leads/form-action";
import type { LeadFormView } from "~/server/handlers/leads/form-view";
import { isFieldShown } from "~/app/lib/forms/conditional";
import { useLeadFormState } from "~/app/lib/forms/form-state";
import { isSubmitting } from "~/app/lib/forms/pending";
import { useHydrated } from "../vehicle/use-hydrated";
import { LeadField } from "./lead-field";
import { SubmitButton } from "./submit-button";
import { CaptchaWidget } from "./captcha-widget";
import { FormError, useFailedAlert } from "./form-error";

type LeadFormProps = {
  view: SerializeFrom<LeadFormView>;
  /** The DOM id of the <form>; the finance page uses "finance-form" (spec 000 §2 links end in #finance-form). */
  formId: string;
  /** Where the hydrated form posts instead of its own URL (the reserve page's Payment Element). */
  action?: string;
};

/**
 * One lead form: validated by the server's schema on every submit (spec 001 §5: on submit and again on
 * each submit after an error; Conform + zod in the action), a plain POST without JavaScript, the
 * honeypot and the fill-time token. With JavaScript the browser answers an empty submit itself (the
 * required messages, no round trip) and otherwise reads the server's answer (useLeadFormState).
 */
export function LeadForm({ view, formId, action }: LeadFormProps) {
  const actionData = useActionData<LeadFormActionData>();
  const lastResult: SubmissionResult<string[]> | undefined = actionData?.result;
  const watched = view.fields.flatMap((field) => (field.conditionalOn ? [field.conditionalOn] : []));
  const state = useLeadFormState(lastResult, view.defaultValue, watched);
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const formAction = useFormAction(action);
  const pending = isSubmitting(navigation, formAction);

  useFailedAlert(actionData);

  const { formErrors } = state;
  const shownFields = view.fields.filter((field) => {
    const on = field.conditionalOn;
    return isFieldShown(on, on ? { value: state.value(on), errors: state.field(on).errors } : undefined, hydrated);
  });
  const errorId = `${formId}-error`;
  return (
    <>
      <Form
        method="post"
        action={action}
        id={formId}
        // The server validates (its messages are the spec's); the browser's own bubbles would differ.
        noValidate
        aria-describedby={formErrors ? errorId : undefined}
        onChange={state.onChange}
        onSubmit={(event) => state.onSubmit(event, shownFields)}
        className="space-y-4"
        data-testid="lead-form"
        data-kind={view.kind}
      >
        <HoneypotFields {...view.honeypot} />
        <input type="hidden" name={FILL_TOKEN_FIELD} value={view.fillToken} />
        <p className="text-sm text-gray-700">Required fields are marked with an asterisk (*).</p>
        {shownFields.map((field) => (
          <LeadField key={field.name} formId={formId} field={field} state={state.field(field.name)} />
        ))}
        {view.captcha ? <CaptchaWidget widget={view.captcha} answer={actionData} /> : null}
        <FormError id={errorId} errors={formErrors} />
        {/* In a dialog this row stays in view while the fields scroll (form-dialog.tsx). */}
        <div className="submit-row">
          <SubmitButton label={view.submitLabel} pending={pending} />
        </div>
      </Form>
      {view.detailsStored ? <ForgetDetails /> : null}
    </>
  );
}
