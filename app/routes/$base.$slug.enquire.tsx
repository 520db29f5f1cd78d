import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { leadFormAction } from "~/server/handlers/leads/form-action";
import { leadFormPage } from "~/server/handlers/leads/form-page";
import { vehicleHref } from "~/server/stock/can-reserve";
import { CarSummary } from "../components/forms/car-summary";
import { FormDialog } from "../components/forms/form-dialog";
import { LeadForm } from "../components/forms/lead-form";
import { requireListedVehicle } from "~/server/handlers/vehicle/vehicle-request";
import { formPageHeaders } from "../lib/forms/headers";
import { useLocalise } from "~/app/lib/site-locale";

/** /{base}/{slug}/enquire: the vehicle enquiry as a dialog over the vehicle page (ARCHITECTURE "Dialogs are routes"). */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const vehicle = await requireListedVehicle({ params, request, context, now: Date.now(), redirectOtherBases: true });
  const view = await leadFormPage({ request, context, kind: "vehicle", vehicle });
  return json({ view, vehicleHref: vehicleHref(vehicle, context.tenant.site) }, { headers: { "Cache-Control": "private, no-store" } });
}

export async function action({ params, request, context }: ActionFunctionArgs) {
  const vehicle = await requireListedVehicle({ params, request, context, now: Date.now(), redirectOtherBases: false });
  return leadFormAction({ request, context, kind: "vehicle", car: { from: "route", vehicle } });
}

export const headers = formPageHeaders;

export default function VehicleEnquiryDialog() {
  const { view, vehicleHref: closeHref } = useLoaderData<typeof loader>();
  const localise = useLocalise();
  return (
    <FormDialog
      id="enquire-dialog"
      title={localise("Submit an enquiry")}
      closeHref={closeHref}
      triggerSelector='a[href$="/enquire"]'
      subtitle={view.car ? <CarSummary car={view.car} /> : undefined}
      testId="enquire-dialog"
    >
      <LeadForm view={view} formId="enquire-form" />
    </FormDialog>
  );
}
