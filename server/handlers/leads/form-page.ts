import { json, type AppLoadContext, type TypedResponse } from "@remix-run/node";
import { formDefaults, preselectedDealership, preselectedLocation } from "~/server/leads/form-defaults";
import { formFields, formSchema, submitLabel, type FormOptions } from "~/server/leads/forms";
import type { FormKind } from "~/server/leads/form-kinds";
import type { Vehicle } from "~/server/stock/vehicle";
import { STORED_USER_FIELDS } from "~/server/visitor/context";
import { readVisitor } from "~/server/visitor/cookie";
import { fieldConstraints } from "~/server/leads/field-constraints";
import { readStoredVehicle, tradeInDefaults } from "../multi-step/stored-vehicle";
import { carSummary } from "./car";
import type { LeadFormView } from "./form-view";
import { fillTokenFor } from "./guards";

export type LeadFormPageInput = {
  request: Request;
  context: AppLoadContext;
  kind: FormKind;
  /** The vehicle the enquiry is about, already looked up by the route. */
  vehicle?: Vehicle | null;
  /** Hidden values taken from the query (finance: preferredDealership, vehiclePriceBudget). */
  hidden?: Record<string, string>;
  formOptions?: FormOptions;
};

// spec 001 §3: the stored user details that pre-fill the next form.
/** The loader side of every lead form: fields, pre-filled values and a fresh fill token. */
export async function leadFormPage({
  request,
  context,
  kind,
  vehicle = null,
  hidden = {},
  formOptions = {},
}: LeadFormPageInput): Promise<LeadFormView> {
  const now = Date.now();
  const { tenant } = context;
  const fields = formFields(kind, tenant, formOptions);
  const names = new Set(fields.map((field) => field.name));
  const storedUser = (await readVisitor(request, context.services.cookies, now, context.newVisitorDeviceId)).user;
  const stored = formDefaults(storedUser);

  const defaultValue: Record<string, string | boolean> = {};
  for (const field of fields) if (field.defaultValue !== undefined) defaultValue[field.name] = field.defaultValue;
  for (const name of STORED_USER_FIELDS) if (names.has(name) && stored[name] !== "") defaultValue[name] = stored[name];
  const tradeIn = tradeInDefaults(await readStoredVehicle(request, context.services.cookies), names);
  Object.assign(defaultValue, tradeIn);
  for (const [name, value] of Object.entries(hidden)) if (names.has(name)) defaultValue[name] = value;
  const dealership = preselectedDealership(tenant.site.dealerships, new URL(request.url).searchParams.get("preferredDealership"), vehicle);
  if (dealership !== null && names.has("dealership_slug")) defaultValue.dealership_slug = dealership;
  if (vehicle) {
    const carValues: Record<string, string> = { car_id: String(vehicle.id), car_type: vehicle.car_type, stock_number: vehicle.stocknum };
    for (const [name, value] of Object.entries(carValues)) if (names.has(name)) defaultValue[name] = value;
    const location = preselectedLocation(tenant.site.locations, vehicle);
    if (location !== null && names.has("location") && defaultValue.location === undefined) defaultValue.location = location;
  }

  return {
    kind,
    constraint: fieldConstraints(formSchema(kind, tenant, formOptions)),
    fields,
    defaultValue,
    fillToken: fillTokenFor(context.services, tenant, now),
    honeypot: context.services.honeypot.getInputProps(),
    submitLabel: submitLabel(tenant),
    car: vehicle ? carSummary(vehicle, tenant) : null,
    detailsStored: Object.keys(storedUser).length > 0 || Object.keys(tradeIn).length > 0,
  };
}

/** The loader answer: never cached, it carries a fill token and the visitor's own details. */
export async function leadFormPageResponse(input: LeadFormPageInput): Promise<TypedResponse<LeadFormView>> {
  return json(await leadFormPage(input), { headers: { "Cache-Control": "private, no-store" } });
}
