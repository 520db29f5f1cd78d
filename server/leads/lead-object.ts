import { priceDisplay } from "~/server/stock/price-display";
import type { Tenant } from "~/server/tenants/load";
import { trackedParams, type VisitorContext } from "~/server/visitor/context";
import { categoryForEnquiryType, ENQUIRY_TYPES, eventFor, type EnquiryType, type LeadEvent } from "./events";
import { FORM_KIND_DEFINITIONS, vehicleCategory, type FormKind } from "./form-kinds";
import { YES_NO_FLAGS, type LeadFormValues } from "./forms";
import { tenantPageUrl } from "./lead-url";
import { phoneE164 } from "./phone";
import { stripXmlInvalidDeep } from "./xml-safe-text";

export type LeadValue = string | number | boolean | null | string[] | number[] | Record<string, string>;
/** spec 001 §3 lead object, as stored and delivered. */
export type Lead = Record<string, LeadValue>;

/** The vehicle an enquiry is about, from the stock record the route loaded. */
export type CarDetails = {
  car_id?: string | number;
  car_type?: string;
  stock_number?: string;
  make?: string;
  model?: string;
  year?: string | number;
  vin?: string;
  /** The plate with its state (server/stock/registration.ts), when the feed gives one. */
  registration?: string;
  price?: number | null;
  vehicle_status?: string;
  badge?: string | null;
  series?: string | null;
  km?: number | null;
  body?: string | null;
  transmission?: string | null;
  colour?: string | null;
  /** With price, what the shopper saw (server/stock/price-display.ts); not stored themselves. */
  subscription_price?: number | null;
  preorder?: boolean;
};

export type LeadRequestInfo = {
  /** The current page (spec 001 §3 url). */
  url: string;
  userAgent: string;
  now: number;
  /** Set when updating an existing lead. */
  leadId?: string;
  hasFiles?: boolean;
};

export type BuildLeadInput = {
  kind: FormKind;
  values: LeadFormValues;
  tenant: Tenant;
  visitor: VisitorContext;
  request: LeadRequestInfo;
  car?: CarDetails;
  /** Overrides the form kind's default subcategory. */
  subcategory?: string;
};

// Form fields that the lead carries under other names, or not at all.
const CONSUMED_FIELDS = new Set(["name", "last_name", "location", "category", "terms"]);

function text(value: LeadFormValues[string]): string {
  return typeof value === "string" ? value : "";
}

function isEnquiryType(value: string): value is EnquiryType {
  return (ENQUIRY_TYPES as readonly string[]).includes(value);
}

/** spec 001 §4: the category, subcategory and event id a submission is recorded under. */
export function resolveLeadEvent(kind: FormKind, values: LeadFormValues, car?: CarDetails, subcategory?: string): LeadEvent {
  const definition = FORM_KIND_DEFINITIONS[kind];
  const chosen = text(values.category);
  let category = definition.category;
  if (isEnquiryType(chosen)) category = categoryForEnquiryType(chosen);
  else if (kind === "vehicle") category = vehicleCategory(car?.car_type ?? text(values.car_type));
  return eventFor(category, subcategory ?? definition.subcategory);
}

function optionalFields(fields: Record<string, string | number | null | undefined>): Lead {
  const out: Lead = {};
  for (const [key, value] of Object.entries(fields)) if (value !== undefined && value !== null && value !== "") out[key] = value;
  return out;
}

/** The price the shopper saw, by the one price-display rule: the amount only when a price was shown. */
function priceShown(car: CarDetails, tenant: Tenant): Lead {
  if (car.price === undefined) return {};
  const shown = priceDisplay(
    { price: car.price, subscription_price: car.subscription_price ?? null, preorder: car.preorder ?? false },
    tenant.site,
  );
  return { price_shown: shown.kind === "price" ? shown.amount : null, price_text: shown.text };
}

function carFields(car: CarDetails | undefined, tenant: Tenant): Lead {
  if (!car) return {};
  const fields: Lead = {};
  if (car.car_id !== undefined) fields.car_id = String(car.car_id);
  if (car.car_type !== undefined) fields.car_type = car.car_type;
  if (car.stock_number !== undefined) fields.stock_number = car.stock_number;
  if (car.make !== undefined) fields["Vehicle Make"] = car.make;
  if (car.model !== undefined) fields["Vehicle Model"] = car.model;
  if (car.year !== undefined) fields["Vehicle Year"] = String(car.year);
  if (car.vin !== undefined) fields.vin = car.vin;
  if (car.price !== undefined) fields.price = car.price;
  if (car.vehicle_status !== undefined) fields.vehicle_status = car.vehicle_status;
  return {
    ...fields,
    ...optionalFields({
      vehicle_badge: car.badge,
      vehicle_series: car.series,
      vehicle_km: car.km,
      vehicle_body: car.body,
      vehicle_transmission: car.transmission,
      vehicle_colour: car.colour,
      vehicle_registration: car.registration,
    }),
    ...priceShown(car, tenant),
  };
}

function submittedFields(values: LeadFormValues, yesNo: boolean): Lead {
  const fields: Lead = {};
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || CONSUMED_FIELDS.has(key)) continue;
    const isFlag = (YES_NO_FLAGS as readonly string[]).includes(key);
    // spec 001 §3: one dealer flow sends these four booleans as 'Yes' or 'No'.
    fields[key] = yesNo && isFlag && typeof value === "boolean" ? (value ? "Yes" : "No") : value;
  }
  return fields;
}

/** spec 001 §3: the lead object sent to the server, built from a validated form. */
export function buildLead(input: BuildLeadInput): Lead {
  const { kind, values, tenant, visitor, request, car } = input;
  const { site } = tenant;
  const event = resolveLeadEvent(kind, values, car, input.subcategory);
  const firstName = text(values.name).trim();
  const lastName = text(values.last_name).trim();
  const location = Number(text(values.location));
  const lead: Lead = {
    ...carFields(car, tenant),
    ...submittedFields(values, site.features.form.yes_no_flags),
    dealership_slug: text(values.dealership_slug) || site.dealership_slug,
    manufacturer_slug: site.manufacturer_slug,
    website_slug: tenant.slug,
    url: tenantPageUrl(request.url, tenant),
    source: "Website",
    user_agent: request.userAgent,
    visited_pages: visitor.visited_pages,
    linked_query_params: trackedParams(visitor, request.now),
    has_files: request.hasFiles ?? false,
    name: [firstName, lastName].filter(Boolean).join(" "),
    first_name: firstName,
    last_name: lastName,
    location_id: Number.isInteger(location) && location > 0 ? location : null,
    category: event.category,
    subcategory: event.subcategory,
  };
  const phone = text(values.phone).trim();
  if (phone !== "") lead.phone_e164 = phoneE164(phone, site.features.phone_region);
  if (request.leadId) lead.lead_id = request.leadId;
  // Nothing XML cannot carry is stored, whether it came from the form, the query or the visitor cookie.
  return stripXmlInvalidDeep(lead);
}
