import { json, redirect, type AppLoadContext, type TypedResponse } from "@remix-run/node";
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { getDb } from "../db/index";
import { successPath } from "../leads/events";
import { formSchema, type LeadFormValues } from "../leads/forms";
import { buildLead, resolveLeadEvent } from "../leads/lead-object";
import { MESSAGES } from "../leads/messages";
import { submitLead } from "../leads/submit";
import { mockLeadsEnabled } from "../leads-http/api";
import { readFormBody } from "../leads-http/body";
import { carDetails } from "../leads-http/car";
import { withEventId } from "../leads-http/event-id";
import type { LeadFormActionData } from "../leads-http/form-action";
import { checkFormGuards, checkRateLimit, FILL_TOKEN_FIELD } from "../leads-http/guards";
import { pageUrl } from "../leads-http/page-url";
import type { Vehicle } from "../stock/vehicle";
import type { PaymentProvider } from "../tenants/schema";
import { commitVisitor, readVisitor } from "../visitor/cookie";
import { rememberSuccessCategory, rememberUserDetails } from "../visitor/context";
import { reserveDeposit } from "./deposit";

export type ReserveActionInput = {
  request: Request;
  context: AppLoadContext;
  /** The reservable vehicle the route resolved from its URL. */
  vehicle: Vehicle;
  provider: PaymentProvider;
};

// The browser's hidden vehicle fields are dropped: the lead takes the car from our stock record.
const CAR_FIELDS = ["car_id", "car_type", "stock_number"];
const HONEYPOT_FIELDS = ["name__confirm", "from__confirm"];

async function openDb(context: AppLoadContext) {
  try {
    return await getDb();
  } catch (error) {
    context.log.error({ err: error }, "lead store unreachable");
    return null;
  }
}

/**
 * The reserve form's action: the same pipeline as every lead form (leadFormAction: bounded body,
 * rate limit, honeypot, fill time, the 'reserve' schema, one stored lead, 303 to /success), plus
 * what only a reservation carries — the deposit quoted on the page and the site's payment provider.
 * leadFormAction takes no extra lead fields; once it does (a `leadFields` input), this becomes a call to it.
 */
export async function reserveAction({ request, context, vehicle, provider }: ReserveActionInput): Promise<TypedResponse<LeadFormActionData> | TypedResponse<never>> {
  const { tenant, log } = context;
  const now = Date.now();
  const fail = (result: SubmissionResult<string[]>, status: number, headers: Record<string, string> = {}, failed = true) =>
    json<LeadFormActionData>({ result, failed }, { status, headers: { "Cache-Control": "no-store", ...headers } });

  const body = await readFormBody(request);
  if (!body.ok) return fail({ status: "error", error: { "": [body.message] } }, body.status);
  const formData = body.value;
  const submission = parseWithZod(formData, { schema: formSchema("reserve", tenant) });
  const hideFields = [FILL_TOKEN_FIELD, ...HONEYPOT_FIELDS];

  const guard = checkRateLimit(tenant, context.clientIp, now) ?? checkFormGuards(formData, tenant, now);
  if (guard) {
    log.warn({ reason: guard.reason, kind: "reserve" }, "lead form refused");
    return fail(submission.reply({ formErrors: [guard.message], hideFields }), guard.status, guard.headers);
  }
  if (submission.status !== "success") return fail(submission.reply({ hideFields }), 400, {}, false);

  const values: LeadFormValues = { ...submission.value };
  for (const name of CAR_FIELDS) delete values[name];
  const car = carDetails(vehicle);
  const visitor = await readVisitor(request, now);
  const built = buildLead({
    kind: "reserve",
    values,
    tenant,
    visitor,
    request: { url: pageUrl(request), userAgent: request.headers.get("user-agent") ?? "", now },
    car,
  });
  const lead = withEventId(
    { ...built, deposit_amount: reserveDeposit(vehicle.payment_processors), payment_provider: provider },
    resolveLeadEvent("reserve", values, car).eventId,
  );

  const db = await openDb(context);
  // spec 001 §7 mock mode: with MOCK_LEADS=1 the lead is kept but never delivered.
  const result = db ? await submitLead(db.db, { tenant, lead, mock: mockLeadsEnabled(), now }) : null;
  if (!result || !result.ok) {
    return fail(submission.reply({ formErrors: [result?.error || MESSAGES.submitError], hideFields }), result?.status ?? 503);
  }

  const category = String(lead.category);
  log.info({ lead_id: result.lead_id, eventId: lead.event_id, eventAction: result.eventAction, kind: "reserve" }, "lead submitted");
  const remembered = rememberSuccessCategory(rememberUserDetails(visitor, submission.value), category);
  return redirect(successPath(category, car.car_type), {
    status: 303,
    headers: { "Set-Cookie": await commitVisitor(remembered), "Cache-Control": "no-store" },
  });
}
