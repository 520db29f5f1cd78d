import { json, type AppLoadContext, type TypedResponse } from "@remix-run/node";
import { formDefaults, preselectedDealership, preselectedLocation, vehicleEnquiryMessage } from "~/server/leads/form-defaults";
import { vehicleTitle } from "~/server/stock/vehicle-title";
import { formFields, formSchema, submitLabel, type FormOptions } from "~/server/leads/forms";
import type { FormKind } from "~/server/leads/form-kinds";
import type { Vehicle } from "~/server/stock/vehicle";
import { STORED_USER_FIELDS } from "~/server/visitor/context";
import { readVisitor } from "~/server/visitor/cookie";
import { fieldConstraints } from "~/server/leads/field-constraints";
import { readStoredVehicle, tradeInDefaults } from "~/server/handlers/multi-step";
import { carSummary, findCarById } from "~/server/handlers/shared/car";
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
  /**
   * spec 000 §3: a form that asks for a car of interest, opened without one, is about the
   * car of the visitor's last enquiry (fc_visitor last_enquiry) unless they removed it (`?car=none`).
   */
  lastEnquiryCar?: boolean;
};

/** The listed car of the visitor's last enquiry, or null (none kept, removed, or no longer listed). */
async function lastEnquiryVehicle(request: Request, context: AppLoadContext, carId: number | null): Promise<Vehicle | null> {
  if (carId === null || new URL(request.url).searchParams.get("car") === "none") return null;
  return findCarById(context.tenant, String(carId), {
    log: context.log,
    now: Date.now(),
    backend: context.services.search.backendFor(context.tenant),
  });
}

/** The same page without the remembered car (`car=none`), keeping its other query values (a preferred dealership, a budget). */
export function withoutRememberedCar(url: URL): string {
  const query = new URLSearchParams(url.search);
  query.set("car", "none");
  return `${url.pathname}?${query.toString()}`;
}

// spec 001 §3: the stored user details that pre-fill the next form.
/** The loader side of every lead form: fields, pre-filled values and a fresh fill token. */
export async function leadFormPage({
  request,
  context,
  kind,
  vehicle: given = null,
  hidden = {},
  formOptions = {},
  lastEnquiryCar = false,
}: LeadFormPageInput): Promise<LeadFormView> {
  const now = Date.now();
  const { tenant } = context;
  const fields = formFields(kind, tenant, formOptions);
  const names = new Set(fields.map((field) => field.name));
  const visitor = await readVisitor(request, context.services.cookies, now, context.newVisitorDeviceId);
  const storedUser = visitor.user;
  const remembered =
    given === null && lastEnquiryCar ? await lastEnquiryVehicle(request, context, visitor.last_enquiry?.car_id ?? null) : null;
  const vehicle = given ?? remembered;
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
    if (kind === "vehicle" && names.has("message") && defaultValue.message === undefined) {
      defaultValue.message = vehicleEnquiryMessage(vehicleTitle(vehicle));
    }
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
    captcha: context.services.captcha.widgetFor(tenant),
    car: vehicle ? carSummary(vehicle, tenant) : null,
    forgetCarHref: remembered ? withoutRememberedCar(new URL(request.url)) : null,
    detailsStored: Object.keys(storedUser).length > 0 || Object.keys(tradeIn).length > 0 || remembered !== null,
  };
}

/** The loader answer: never cached, it carries a fill token and the visitor's own details. */
export async function leadFormPageResponse(input: LeadFormPageInput): Promise<TypedResponse<LeadFormView>> {
  return json(await leadFormPage(input), { headers: { "Cache-Control": "private, no-store" } });
}
