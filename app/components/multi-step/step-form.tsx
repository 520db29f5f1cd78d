import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { HoneypotFields } from "../forms/honeypot-fields";
import type { SerializeFrom } from "@remix-run/node";
import { Form, useActionData, useNavigation } from "@remix-run/react";
import { FILL_TOKEN_FIELD } from "~/server/handlers/leads/fill-field";
import type { FlowActionData } from "~/server/handlers/multi-step/step-action";
import type { FlowStepView } from "~/server/handlers/multi-step/step-view";
import { LeadField } from "../forms/lead-field";
import { CaptchaWidget } from "../forms/captcha-widget";
import { PhotoField } from "./photo-field";
import { ReviewSummary } from "./review-summary";
import { StepButtons, pendingIntent } from "./step-buttons";
import { FormError, useFailedAlert } from "../forms/form-error";

/**
 * One step of a multi-step flow: a real <form method="post"> to the step's URL (Remix <Form>, so with
 * JavaScript it moves on without a page load), validated by the server on every submit.
 */
export function StepForm({ view }: { view: SerializeFrom<FlowStepView> }) {
  const actionData = useActionData<FlowActionData>();
  const lastResult: SubmissionResult<string[]> | undefined = actionData?.result;
  const formId = `${view.flowId}-step-${view.step}`;
  const [form, fields] = useForm({
    id: formId,
    lastResult,
    defaultValue: view.defaultValue,
    constraint: view.constraint,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onSubmit",
  });
  const navigation = useNavigation();
  const pending = pendingIntent(navigation, view.path);

  useFailedAlert(actionData);

  const formErrors = form.errors && form.errors.length > 0 ? form.errors : null;
  return (
    <Form
      method="post"
      action={`${view.path}?step=${view.step}`}
      encType={view.multipart ? "multipart/form-data" : undefined}
      {...getFormProps(form)}
      className="space-y-4"
      data-testid="step-form"
      data-flow={view.flowId}
      data-step={view.step}
    >
      <HoneypotFields {...view.honeypot} />
      <input type="hidden" name="step" value={view.step} />
      {view.carId ? <input type="hidden" name="car_id" value={view.carId} /> : null}
      {view.fillToken ? <input type="hidden" name={FILL_TOKEN_FIELD} value={view.fillToken} /> : null}
      {view.summary ? <ReviewSummary groups={view.summary} /> : null}
      {view.fields.some((field) => field.required) ? (
        <p className="text-sm text-gray-700">Required fields are marked with an asterisk (*).</p>
      ) : null}
      {view.fields.map((field) => {
        const state = fields[field.name];
        if (field.type === "file")
          return <PhotoField key={field.name} formId={formId} name={field.name} label={field.label} errors={state?.errors} />;
        return <LeadField key={field.name} formId={formId} field={{ ...field, type: field.type }} state={state ?? {}} />;
      })}
      {view.lookup ? (
        <button
          type="submit"
          name="intent"
          value="lookup"
          formNoValidate
          className="rounded border border-gray-400 px-4 py-2 font-semibold"
          data-testid="step-lookup"
        >
          Find my vehicle
        </button>
      ) : null}
      {view.captcha ? <CaptchaWidget widget={view.captcha} answer={actionData} /> : null}
      <FormError id={form.errorId} errors={formErrors} />
      <StepButtons submitLabel={view.submitLabel} canGoBack={view.canGoBack} skippable={view.skippable} pending={pending} />
    </Form>
  );
}
