import type { AppLoadContext } from "@remix-run/node";
import type { BookingKind } from "~/server/bookings/slots";
import { appointmentText, groupSlotsByDay, slotInstant } from "~/server/bookings/slots";
import { dealershipTimeZone } from "~/server/tenants/time-zone";
import type { AppointmentOptions } from "~/server/leads/appointment-field";
import type { Lead } from "~/server/leads/lead-object";
import type { LeadFormValues } from "~/server/leads/forms";

/** The forms that offer slots, and which dealer-platform call each reads (spec 000 §7). */
export type BookingForm = "test-drive" | "service";
const BOOKING_KIND: Record<BookingForm, BookingKind> = { "test-drive": "appointment", service: "service" };

export type AppointmentInput = {
  context: AppLoadContext;
  form: BookingForm;
  /** The vehicle's dealership, else the site's. */
  dealershipId: number;
  /** The submit reads the calendar again, so a slot taken since the page was shown is refused. */
  fresh?: boolean;
};

/**
 * The slot choice for one form, or undefined when the site has no booking API for it. A calendar
 * that fails or answers late gives `days: null`: the form keeps its free date field and says nothing more.
 */
export async function appointmentFor({
  context,
  form,
  dealershipId,
  fresh = false,
}: AppointmentInput): Promise<AppointmentOptions | undefined> {
  const { site } = context.tenant;
  const config = site.dealer_api;
  const kind = BOOKING_KIND[form];
  if (!config || !config[kind]) return undefined;
  const now = Date.now();
  const result = await context.services.bookingSlots.get({
    tenant: context.tenant.slug,
    config,
    dealershipId,
    kind,
    log: context.log,
    now,
    fresh,
  });
  if (result.kind === "failed") return { days: null, now };
  return { days: groupSlotsByDay(result.slots, dealershipTimeZone(site, dealershipId), site.locale, now), now };
}

/** What the lead carries for a chosen slot: the instant (UTC) and how it reads in the dealership's zone. */
export function appointmentLeadFields(context: AppLoadContext, dealershipId: number) {
  return (values: LeadFormValues): Lead => {
    const chosen = typeof values.appointment === "string" ? slotInstant(values.appointment) : null;
    if (chosen === null) return {};
    const { site } = context.tenant;
    const timeZone = dealershipTimeZone(site, dealershipId);
    return { appointment_local: appointmentText(chosen, timeZone, site.locale), appointment_time_zone: timeZone };
  };
}
