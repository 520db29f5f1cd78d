import { ForgetDetails } from "./forget-details";
import { HoneypotFields } from "./honeypot-fields";
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, useActionData, useFormAction, useNavigation } from "@remix-run/react";
import type { SerializeFrom } from "@remix-run/node";
import { useEffect } from "react";
import { MESSAGES } from "~/server/leads/messages";
import { FILL_TOKEN_FIELD } from "~/server/handlers/leads/fill-field";
import type { LeadFormActionData } from "~/server/handlers/leads/form-action";
import type { LeadFormView } from "~/server/handlers/leads/form-view";
import { isFieldShown } from "~/app/lib/forms/conditional";
import { isSubmitting } from "~/app/lib/forms/pending";
import { useHydrated } from "../vehicle/use-hydrated";
import { LeadField } from "./lead-field";
import { SubmitButton } from "./submit-button";

type LeadFormProps = {
  view: SerializeFrom<LeadFormView>;
  /** The DOM id of the <form>; the finance page uses "finance-form" (spec 000 §2 links end in #finance-form). */
  formId: string;
};

/**
 * One lead form: Conform + zod with the server's schema (spec 001 §5: validated on submit and again on
 * each submit after an error), a plain POST without JavaScript, the honeypot and the fill-time token.
 */
export function LeadForm({ view, formId }: LeadFormProps) {
  const actionData = useActionData<LeadFormActionData>();
  const lastResult: SubmissionResult<string[]> | undefined = actionData?.result;
  const [form, fields] = useForm({
    id: formId,
    lastResult,
    defaultValue: view.defaultValue,
    constraint: view.constraint,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onSubmit",
  });
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const formAction = useFormAction();
  const pending = isSubmitting(navigation, formAction);

  // spec 001 §4/§8: a failed submission raises the alert (with JS) besides the inline message.
  useEffect(() => {
    if (actionData?.failed) window.alert(MESSAGES.submitError);
  }, [actionData]);

  const formErrors = form.errors && form.errors.length > 0 ? form.errors : null;
  return (
    <>
      <Form method="post" {...getFormProps(form)} className="space-y-4" data-testid="lead-form" data-kind={view.kind}>
        <HoneypotFields {...view.honeypot} />
        <input type="hidden" name={FILL_TOKEN_FIELD} value={view.fillToken} />
        <p className="text-sm text-gray-700">Required fields are marked with an asterisk (*).</p>
        {view.fields.map((field) => {
          const state = fields[field.name];
          const trigger = field.conditionalOn ? fields[field.conditionalOn] : undefined;
          if (!isFieldShown(field.conditionalOn, trigger && { value: trigger.value, errors: trigger.errors }, hydrated)) return null;
          return <LeadField key={field.name} formId={formId} field={field} state={state ?? {}} />;
        })}
        <div id={form.errorId} role="alert" aria-live="assertive">
          {formErrors ? (
            <p className="rounded border border-red-700 bg-red-50 p-3 font-medium text-red-800" data-testid="form-error">
              {formErrors.join(" ")}
            </p>
          ) : null}
        </div>
        <SubmitButton label={view.submitLabel} pending={pending} />
      </Form>
      {view.detailsStored ? <ForgetDetails /> : null}
    </>
  );
}
