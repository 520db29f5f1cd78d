import type { SerializeFrom } from "@remix-run/node";
import type { ReactNode } from "react";
import type { LeadFormView } from "~/server/handlers/leads/form-view";
import { LeadForm } from "./lead-form";
import { FormVehicle } from "./form-vehicle";

type FormPageProps = {
  title: string;
  intro?: ReactNode;
  view: SerializeFrom<LeadFormView>;
  formId?: string;
};

/** A lead form as its own page: heading, the vehicle it is about (if any), the form. */
export function FormPage({ title, intro, view, formId = "lead-form" }: FormPageProps) {
  return (
    <section className="mx-auto max-w-2xl space-y-4" aria-labelledby={`${formId}-title`} data-testid="form-page">
      <h1 id={`${formId}-title`} className="text-2xl font-bold sm:text-3xl">
        {title}
      </h1>
      {intro ? <div className="text-gray-700">{intro}</div> : null}
      <FormVehicle car={view.car} forgetHref={view.forgetCarHref} />
      <div className="rounded-lg border border-gray-200 bg-white p-4 shadow-sm sm:p-6">
        <LeadForm view={view} formId={formId} />
      </div>
    </section>
  );
}
