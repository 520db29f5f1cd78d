import { json, redirect, type AppLoadContext, type TypedResponse } from "@remix-run/node";
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { successPath } from "~/server/leads/events";
import { formSchema, type FormOptions, type LeadFormValues } from "~/server/leads/forms";
import type { FormKind } from "~/server/leads/form-kinds";
import { buildLead, resolveLeadEvent, type CarDetails, type Lead } from "~/server/leads/lead-object";
import { CAPTCHA_TOKEN_FIELDS } from "~/server/leads/captcha-widget";
import { recordLeadEvent } from "~/server/handlers/events";
import type { Vehicle } from "~/server/stock/vehicle";
import { commitVisitor, readVisitor } from "~/server/visitor/cookie";
import { enquiryCarId, rememberSuccessCategory, rememberUserDetails } from "~/server/visitor/context";
import { readFormBody } from "~/server/handlers/shared/body";
import { carDetails, carIdentifiers, findCarById } from "~/server/handlers/shared/car";
import { botSuccessPath, checkFormCaptcha, checkFormGuards, checkRateLimit, FILL_TOKEN_FIELD, isBot, usedFillToken } from "./guards";
import { withEventId } from "./event-id";
import { sendLead } from "./send-lead";
import { pageUrl } from "~/server/handlers/shared/page-url";

/** What a lead form's action answers when it does not redirect to /success. */
export type LeadFormActionData = {
  result: SubmissionResult<string[]>;
  /** A server-side failure (not a validation error): with JS the page also raises spec 001 §8's alert. */
  failed: boolean;
  /** A deposit paid on our page (Payment Element): what Stripe.js needs to confirm it. */
  payment?: { clientSecret: string; returnUrl: string };
};

/** Where the vehicle of an enquiry comes from. */
export type CarSource =
  /** The route resolved it from its URL (vehicle dialogs). */
  | { from: "route"; vehicle: Vehicle }
  /** The hidden car_id field (request photos, finance, find similar, test drive page). */
  | { from: "field" }
  /** ?car_id= of the page; only the identifiers, because the form's Vehicle fields describe the visitor's car (trade-in). */
  | { from: "query" }
  | { from: "none" };

export type LeadFormActionInput = {
  request: Request;
  context: AppLoadContext;
  kind: FormKind;
  car?: CarSource;
  formOptions?: FormOptions;
  /** Fields only this form's lead carries (a reservation's deposit and provider, a booked slot's local time); the server sets them, never the browser. */
  extraLeadFields?: Lead | ((values: LeadFormValues) => Lead);
  /** A deposit checkout takes the validated lead instead of storing it now (stored once paid). */
  submitInstead?: (lead: Lead) => Promise<TypedResponse<LeadFormActionData> | TypedResponse<never>>;
};

// Hidden vehicle fields are replaced by our stock record's values, or dropped: they come from the browser.
const CAR_FIELDS = ["car_id", "car_type", "stock_number"];
const HONEYPOT_FIELDS = ["name__confirm", "from__confirm"];

function formFailure(message: string): SubmissionResult<string[]> {
  return { status: "error", error: { "": [message] } };
}

async function resolveCar(
  source: CarSource,
  values: LeadFormValues,
  request: Request,
  context: AppLoadContext,
  now: number,
): Promise<CarDetails | undefined> {
  const options = { log: context.log, now, backend: context.services.search.backendFor(context.tenant) };
  switch (source.from) {
    case "route":
      return carDetails(source.vehicle);
    case "field": {
      const vehicle = await findCarById(context.tenant, values.car_id, options);
      return vehicle ? carDetails(vehicle) : undefined;
    }
    case "query": {
      const vehicle = await findCarById(context.tenant, new URL(request.url).searchParams.get("car_id") ?? undefined, options);
      return vehicle ? carIdentifiers(vehicle) : undefined;
    }
    case "none":
      return undefined;
  }
}

/**
 * The action of every lead form (spec 001 §4, §5): bounded body, rate limit, honeypot, minimum fill
 * time, the form's schema, the captcha (tenants with one), then one stored lead and a 303 to /success. Anything else re-renders the
 * form with what was typed and the message, and stores nothing. A bot (honeypot) gets
 * the same 303 and nothing is stored; a fill token that already served a lead is refused.
 */
export async function leadFormAction(input: LeadFormActionInput): Promise<TypedResponse<LeadFormActionData> | TypedResponse<never>> {
  const { request, context, kind, car = { from: "none" }, formOptions = {}, extraLeadFields = {} } = input;
  const { tenant, log } = context;
  const now = Date.now();
  // Only a validation error (400 with field messages) is not a failure; every other answer is.
  const fail = (result: SubmissionResult<string[]>, status: number, headers: Record<string, string> = {}, failed = true) =>
    json<LeadFormActionData>({ result, failed }, { status, headers: { "Cache-Control": "no-store", ...headers } });

  const body = await readFormBody(request);
  if (!body.ok) return fail(formFailure(body.message), body.status);
  const formData = body.value;
  const submission = parseWithZod(formData, { schema: formSchema(kind, tenant, formOptions) });
  const hideFields = [FILL_TOKEN_FIELD, ...HONEYPOT_FIELDS, ...CAPTCHA_TOKEN_FIELDS];

  const limited = await checkRateLimit(context.services, tenant, context.clientIp);
  if (!limited && isBot(context.services, formData)) {
    log.warn({ reason: "spam", kind }, "lead form refused");
    return redirect(botSuccessPath(kind), { status: 303, headers: { "Cache-Control": "no-store" } });
  }
  const guard = limited ?? checkFormGuards(context.services, formData, tenant, now);
  if (guard) {
    log.warn({ reason: guard.reason, kind }, "lead form refused");
    return fail(submission.reply({ formErrors: [guard.message], hideFields }), guard.status, guard.headers);
  }
  if (submission.status !== "success") return fail(submission.reply({ hideFields }), 400, {}, false);
  // Last before the lead is built: the provider is asked only about a form that would be stored.
  const captcha = await checkFormCaptcha({ services: context.services, tenant, clientIp: context.clientIp, log }, formData);
  if (captcha) {
    log.warn({ reason: captcha.reason, kind }, "lead form refused");
    return fail(submission.reply({ formErrors: [captcha.message], hideFields }), captcha.status, captcha.headers);
  }

  const values: LeadFormValues = { ...submission.value };
  for (const name of CAR_FIELDS) delete values[name];
  const carDetailsForLead = await resolveCar(car, submission.value, request, context, now);
  const visitor = await readVisitor(request, context.services.cookies, now, context.newVisitorDeviceId);
  const lead = withEventId(
    {
      ...buildLead({
        kind,
        values,
        tenant,
        visitor,
        request: { url: pageUrl(request), userAgent: request.headers.get("user-agent") ?? "", now },
        car: carDetailsForLead,
      }),
      ...(typeof extraLeadFields === "function" ? extraLeadFields(submission.value) : extraLeadFields),
    },
    resolveLeadEvent(kind, values, carDetailsForLead).eventId,
  );

  if (input.submitInstead) return input.submitInstead(lead);
  // spec 001 §7: the form's target by name (the lead pipeline, or a partner); in mock mode (MOCK_LEADS=1:
  // staging, QA) leads are kept but never delivered.
  const sent = await sendLead({ context, kind, lead, car: carDetailsForLead, now, fillToken: usedFillToken(formData) });
  if (!sent.ok) return fail(submission.reply({ formErrors: [sent.error], hideFields }), sent.status);

  const category = String(lead.category);
  log.info({ lead_id: sent.leadId, target: sent.target, eventId: lead.event_id, eventAction: sent.eventAction, kind }, "lead submitted");
  await recordLeadEvent(request, context, visitor, {
    eventId: Number(lead.event_id),
    leadId: sent.leadId,
    eventAction: sent.eventAction,
    category,
    properties: sent.properties,
  });
  const remembered = rememberSuccessCategory(rememberUserDetails(visitor, submission.value), category, {
    carId: enquiryCarId(lead.car_id),
    locationId: typeof lead.location_id === "number" ? lead.location_id : null,
    now,
  });
  return redirect(successPath(category, carDetailsForLead?.car_type), {
    status: 303,
    headers: { "Set-Cookie": await commitVisitor(remembered, context.services.cookies), "Cache-Control": "no-store" },
  });
}
