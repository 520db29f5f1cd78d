import type { AppLoadContext } from "@remix-run/node";
import { precheck } from "~/server/handlers/leads";
import { apiError, methodNotAllowed, type ApiArgs } from "~/server/handlers/shared/api-answers";
import { readFormBody, readJsonBody } from "~/server/handlers/shared/body";
import { findCarById } from "~/server/handlers/shared/car";
import { carClarityCustomerSchema, sendCarClarityCustomer, type CarClarityCar } from "~/server/partners/car-clarity";
import type { PartnerEndpoint, PartnerName } from "~/server/partners/client";
import { PARTNER_MESSAGES } from "~/server/partners/messages";
import { lookupRego, type RegoPartner } from "~/server/partners/rego-lookup";
import { parseRegoQuery } from "~/server/partners/rego-query";
import { isPartnerError } from "~/server/partners/response";
import { json } from "@remix-run/node";

/** A partner this site has not enabled is a plain JSON 404, whatever the method. */
function notAvailable(): Response {
  return apiError(PARTNER_MESSAGES.notAvailable, 404);
}

function endpointOf(context: AppLoadContext, name: PartnerName): PartnerEndpoint | null {
  return context.services.partners.endpoint(context.tenant, name);
}

/** GET and the like: 404 where the partner is off, else 405 (only POST is a call). */
export function partnerLoader({ context }: ApiArgs, name: PartnerName): Response {
  return endpointOf(context, name) ? methodNotAllowed("POST") : notAvailable();
}

/** The partner failed: the generic handler's message; its own 504 (or our timeout) stays a 504, the rest is a 502. */
function partnerFailure(context: AppLoadContext, name: PartnerName, error: unknown): Response {
  if (!isPartnerError(error)) throw error;
  context.log.warn({ partner: name, status: error.status, err: error.message }, "partner call failed");
  return apiError(error.message, error.status === 504 ? 504 : 502);
}

/** The posted fields, from JSON or a form (the site's scripts send JSON; a plain form posts fields). */
async function postedFields(request: Request): Promise<{ ok: true; fields: Record<string, unknown> } | { ok: false; response: Response }> {
  const isJson = (request.headers.get("content-type") ?? "").toLowerCase().startsWith("application/json");
  if (isJson) {
    const body = await readJsonBody(request);
    if (!body.ok) return { ok: false, response: apiError(body.message, body.status) };
    const value = body.value;
    return typeof value === "object" && value !== null && !Array.isArray(value)
      ? { ok: true, fields: value as Record<string, unknown> }
      : { ok: true, fields: {} };
  }
  const body = await readFormBody(request);
  if (!body.ok) return { ok: false, response: apiError(body.message, body.status) };
  return { ok: true, fields: Object.fromEntries([...body.value.entries()].filter(([, value]) => typeof value === "string")) };
}

/**
 * POST /api/nevdis and /api/simple-autograb-lookup: {rego, state} (or the flows' Rego and rego_state)
 * → 200 {vehicle:{make, model, year, badge, series, body, transmission, fuel, colour, vin}}, 404 when
 * the registry does not know the plate, 400 for a bad plate or state.
 */
export async function regoLookupAction(args: ApiArgs, partner: RegoPartner): Promise<Response> {
  const { request, context } = args;
  const endpoint = endpointOf(context, partner);
  if (!endpoint) return notAvailable();
  const refused = await precheck(args, "POST");
  if (refused) return refused;
  const posted = await postedFields(request);
  if (!posted.ok) return posted.response;
  const { fields } = posted;
  const parsed = parseRegoQuery(fields.rego ?? fields.Rego, fields.state ?? fields.rego_state);
  if (!parsed.ok) return apiError(parsed.message, 400);
  try {
    const vehicle = await lookupRego(context.services.partners, partner, endpoint, parsed.query);
    if (!vehicle) return apiError(PARTNER_MESSAGES.notFound, 404);
    return json({ vehicle }, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    return partnerFailure(context, partner, error);
  }
}

/** POST /api/carClarityCustomer: the shopper's details (and car) to Car Clarity → 201 {reference}. */
export async function carClarityCustomerAction(args: ApiArgs): Promise<Response> {
  const { request, context } = args;
  const endpoint = endpointOf(context, "car_clarity");
  if (!endpoint) return notAvailable();
  const refused = await precheck(args, "POST");
  if (refused) return refused;
  const posted = await postedFields(request);
  if (!posted.ok) return posted.response;
  const region = context.tenant.site.features.phone_region;
  const parsed = carClarityCustomerSchema(region).safeParse(posted.fields);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => ({ field: String(issue.path[0] ?? ""), message: issue.message }));
    return apiError(issues[0]?.message ?? PARTNER_MESSAGES.unexpected, 400, { issues });
  }
  const customer = parsed.data;
  const vehicle = customer.car_id
    ? await findCarById(context.tenant, customer.car_id, {
        log: context.log,
        now: Date.now(),
        backend: context.services.search.backendFor(context.tenant),
      })
    : null;
  const car: CarClarityCar | null = vehicle
    ? { stocknum: vehicle.stocknum ?? null, vin: vehicle.vin ?? null, year: vehicle.year ?? null, make: vehicle.make, model: vehicle.model }
    : null;
  try {
    const sent = await sendCarClarityCustomer(context.services.partners, endpoint, { customer, region, dealer: context.tenant.slug, car });
    return json({ reference: sent.reference }, { status: 201, headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    return partnerFailure(context, "car_clarity", error);
  }
}
