import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { bookingFormAction, bookingFormView } from "~/server/handlers/bookings/booking-forms";
import { vehicleHref } from "~/server/stock/can-reserve";
import { CarSummary } from "../components/forms/car-summary";
import { FormDialog } from "../components/forms/form-dialog";
import { LeadForm } from "../components/forms/lead-form";
import { requireListedVehicle } from "~/server/handlers/vehicle/vehicle-request";
import { formPageHeaders } from "../lib/forms/headers";

/** /{base}/{slug}/test-drive: the test-drive booking as a dialog over the vehicle page (ARCHITECTURE "Dialogs are routes"). */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const vehicle = await requireListedVehicle({ params, request, context, now: Date.now(), redirectOtherBases: true });
  const view = await bookingFormView({ request, context, form: "test-drive", vehicle });
  return json({ view, vehicleHref: vehicleHref(vehicle, context.tenant.site) }, { headers: { "Cache-Control": "private, no-store" } });
}

export async function action({ params, request, context }: ActionFunctionArgs) {
  const vehicle = await requireListedVehicle({ params, request, context, now: Date.now(), redirectOtherBases: false });
  return bookingFormAction({ request, context, form: "test-drive", vehicle, car: { from: "route", vehicle } });
}

export const headers = formPageHeaders;

export default function TestDriveDialog() {
  const { view, vehicleHref: closeHref } = useLoaderData<typeof loader>();
  return (
    <FormDialog
      id="test-drive-dialog"
      title="Book a Test Drive"
      closeHref={closeHref}
      triggerSelector='a[href$="/test-drive"]'
      subtitle={view.car ? <CarSummary car={view.car} /> : undefined}
      testId="test-drive-dialog"
    >
      <LeadForm view={view} formId="test-drive-form" />
    </FormDialog>
  );
}
