import type { AppLoadContext } from "@remix-run/node";
import type { Vehicle } from "~/server/stock/vehicle";
import { carFromQuery } from "~/server/handlers/shared/car";
import { leadFormAction, type CarSource } from "~/server/handlers/leads";
import { leadFormPage, leadFormPageResponse } from "~/server/handlers/leads";
import { appointmentFor, appointmentLeadFields, type BookingForm } from "./appointment";

type PageInput = { request: Request; context: AppLoadContext; form: BookingForm; vehicle?: Vehicle | null };

function dealershipOf(context: AppLoadContext, vehicle: Vehicle | null | undefined): number {
  return vehicle?.dealership_id ?? context.tenant.site.dealership_id;
}

/** The vehicle of /book-test-drive?car_id=… (page and submit read the same query). */
export function bookingVehicle(form: BookingForm, request: Request, context: AppLoadContext): Promise<Vehicle | null> {
  return form === "test-drive" ? carFromQuery(request, context) : Promise.resolve(null);
}

/** A test-drive or service form with the dealership's next free slots when its booking API answers. */
export async function bookingFormView({ request, context, form, vehicle }: PageInput) {
  const appointment = await appointmentFor({ context, form, dealershipId: dealershipOf(context, vehicle) });
  return leadFormPage({ request, context, kind: form, vehicle, formOptions: { appointment } });
}

export async function bookingFormPageResponse({ request, context, form }: Omit<PageInput, "vehicle">) {
  const vehicle = await bookingVehicle(form, request, context);
  const appointment = await appointmentFor({ context, form, dealershipId: dealershipOf(context, vehicle) });
  // /book-test-drive without a car is about the last enquiry's; its slots stay the ones
  // the submit reads (the query's car, else the site's dealership), so page and action agree.
  return leadFormPageResponse({
    request,
    context,
    kind: form,
    vehicle,
    formOptions: { appointment },
    lastEnquiryCar: form === "test-drive",
  });
}

/**
 * The submit: the calendar is read again (not from the cache) so a slot taken since the page was shown
 * gets the message and the form comes back with the fresh times; the chosen slot travels in the lead.
 */
export async function bookingFormAction({ request, context, form, vehicle, car }: PageInput & { car: CarSource }) {
  const found = vehicle === undefined ? await bookingVehicle(form, request, context) : vehicle;
  const dealershipId = dealershipOf(context, found);
  const appointment = await appointmentFor({ context, form, dealershipId, fresh: true });
  return leadFormAction({
    request,
    context,
    kind: form,
    car,
    formOptions: { appointment },
    extraLeadFields: appointmentLeadFields(context, dealershipId),
  });
}
