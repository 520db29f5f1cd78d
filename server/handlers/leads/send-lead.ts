import type { AppLoadContext } from "@remix-run/node";
import type { CarDetails, Lead } from "~/server/leads/lead-object";
import { MESSAGES } from "~/server/leads/messages";
import type { FormKind } from "~/server/leads/form-kinds";
import type { UsedFillToken } from "~/server/leads/store";
import { leadTracking, submitLead } from "~/server/leads/submit";
import { submissionTarget, type SubmissionTarget } from "~/server/leads/submission-target";
import { sendCarClarityCustomer, type CarClarityCar } from "~/server/partners/car-clarity";
import { isPartnerError } from "~/server/partners/response";
import { mockLeadsEnabled } from "~/server/handlers/shared/switches";

/** A form's submission sent to its target: the stored lead's id (null at a partner) and the event's action. */
export type SentLead =
  | { ok: true; target: SubmissionTarget; leadId: string | null; eventAction: string; properties: Record<string, unknown> }
  | { ok: false; error: string; status: number };

export type SendLeadInput = {
  context: AppLoadContext;
  kind: FormKind;
  lead: Lead;
  car: CarDetails | undefined;
  now: number;
  fillToken?: UsedFillToken;
};

function text(value: Lead[string] | undefined): string {
  return typeof value === "string" ? value : "";
}

/** The stock car the enquiry is about, as the partner receives it; none for a form without one. */
function partnerCar(car: CarDetails | undefined): CarClarityCar | null {
  if (!car?.make || !car.model) return null;
  const year = Number(car.year);
  return {
    stocknum: car.stock_number ?? null,
    vin: car.vin ?? null,
    year: Number.isInteger(year) ? year : null,
    make: car.make,
    model: car.model,
  };
}

/**
 * spec 001 §7: the form's target by name. 'car-clarity' sends the validated lead to the partner (nothing
 * is stored: the partner is where the enquiry goes); a partner failure is the form's message (502/504).
 * Mock mode (MOCK_LEADS) never calls the partner, and a tenant naming car-clarity without a
 * `partners.car_clarity` entry is warned about at start: both store the lead as 'server' does.
 */
export async function sendLead({ context, kind, lead, car, now, fillToken }: SendLeadInput): Promise<SentLead> {
  const { tenant, log } = context;
  const mock = mockLeadsEnabled(context);
  const endpoint = submissionTarget(tenant, kind) === "car-clarity" ? context.services.partners.endpoint(tenant, "car_clarity") : null;
  if (endpoint && !mock) {
    const region = tenant.site.features.phone_region;
    const customer = { name: text(lead.name), email: text(lead.email), phone: text(lead.phone), message: text(lead.message) || undefined };
    const category = { category: text(lead.category), subcategory: text(lead.subcategory) };
    try {
      const sent = await sendCarClarityCustomer(context.services.partners, endpoint, {
        customer,
        region,
        dealer: tenant.slug,
        car: partnerCar(car),
        ...category,
      });
      return {
        ok: true,
        target: "car-clarity",
        leadId: null,
        eventAction: leadTracking(lead).eventAction,
        properties: { target: "car-clarity", partner_reference: sent.reference },
      };
    } catch (error) {
      if (!isPartnerError(error)) throw error;
      log.warn({ partner: "car_clarity", kind, status: error.status, err: error.message }, "form submission to the partner failed");
      return { ok: false, error: error.message, status: error.status === 504 ? 504 : 502 };
    }
  }
  const { db } = context.services;
  const result = db ? await submitLead(db.db, { tenant, lead, mock, now, fillToken }) : null;
  if (!result?.ok) return { ok: false, error: result?.error || MESSAGES.submitError, status: result?.status ?? 503 };
  return { ok: true, target: "server", leadId: result.lead_id, eventAction: result.eventAction, properties: {} };
}
