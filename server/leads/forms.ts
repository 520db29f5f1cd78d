import { z } from "~/server/lib/zod";
import { orderedLocations } from "~/server/content/locations";
import type { Tenant } from "~/server/tenants/load";
import { MESSAGES } from "./messages";
import type { PhoneRegion } from "./phone";
import { CATEGORIES, DEFAULT_EVENT_ID, ENQUIRY_TYPES, eventFor } from "./events";
import { FORM_KIND_DEFINITIONS, type FormKind, type KindExtra } from "./form-kinds";
import { localiseText } from "~/server/lib/spelling";
import {
  POSTCODE_MAX_LENGTH,
  checkboxListRule,
  checkboxRule,
  choiceRule,
  emailRule,
  fullNameRule,
  nameRule,
  optionalChoiceRule,
  optionalText,
  phoneRule,
  postcodeRule,
  requiredText,
  termsRule,
} from "./field-rules";
import { APPOINTMENT_FIELD, appointmentOptions, appointmentRule, offersSlots, type AppointmentOptions } from "./appointment-field";
import { BOOKING_MESSAGES } from "~/server/bookings/messages";

export type FieldType = "text" | "email" | "tel" | "textarea" | "select" | "checkbox" | "checkboxes" | "hidden" | "date" | "slot";

/** What a page needs to render one field: label, asterisk, input type, options. */
export type FieldDescription = {
  name: string;
  label: string;
  type: FieldType;
  required: boolean;
  /** `group`: the day of a booking slot (type "slot" renders day, then time). */
  options?: { value: string; label: string; group?: string }[];
  /** spec 001 §5: shown once the named field is filled and error-free. */
  conditionalOn?: string;
  defaultValue?: string | boolean;
  maxLength?: number;
  /**
   * The phone field's rule (site.json features.phone_region), rendered as `data-phone-region` so a
   * QA suite pointed at any site knows which of the spec's phone messages to expect (docs/qa.md).
   */
  phoneRegion?: PhoneRegion;
};

type FieldValue = string | boolean | string[] | undefined;

type FieldSpec = FieldDescription & { rule: z.ZodType<FieldValue> };

export type FormOptions = {
  /** Checkbox options of additional_services on the service form. */
  additionalServices?: readonly string[];
  /** The dealership's free slots (test drive, service) when its booking API is configured. */
  appointment?: AppointmentOptions;
};

/** Parsed form values; which keys exist depends on the form kind and the tenant's switches. */
export type LeadFormValues = Record<string, FieldValue>;

/** spec 001 §3: where-did-you-hear options. */
export const WHERE_DID_YOU_HEAR_OPTIONS = [
  "Facebook Marketplace",
  "Facebook",
  "Instagram",
  "Google",
  "Word of Mouth",
  "Car Sales",
  "Repeat Customer",
  "Other",
] as const;

/** spec 001 §3: the one dealer flow whose booleans are sent as 'Yes'/'No'. */
export const YES_NO_FLAGS = ["Ready to sell", "Valuation guide", "Best Finance", "Best Deal"] as const;

export const DEFAULT_ADDITIONAL_SERVICES = [
  "Logbook Service",
  "Tyres",
  "Brakes",
  "Wheel Alignment",
  "Air Conditioning",
  "Detailing",
] as const;

const CAR_TYPES = ["new", "used", "demo"] as const;

/**
 * spec 001 §9: the finance form's vehicle type defaults to 'Car'. The other choices are not shown in
 * the spec: ours, the kinds of vehicle the platform's sellers list (spec 001 §1).
 */
export const FINANCE_VEHICLE_TYPE_DEFAULT = "Car";
export const FINANCE_VEHICLE_TYPES = [FINANCE_VEHICLE_TYPE_DEFAULT, "Motorcycle", "Camper / RV", "Truck", "Other"] as const;

const toOptions = (values: readonly string[]) => values.map((value) => ({ value, label: value }));

function hidden(name: string): FieldSpec {
  return { name, label: name, type: "hidden", required: false, rule: optionalText(200) };
}

/** spec 001 §5: category select appears when the event id is 22 or the category is General Enquiry. */
export function showsCategorySelect(category: string): boolean {
  return category === CATEGORIES.general || eventFor(category, "").eventId === DEFAULT_EVENT_ID;
}

function extraFields(extra: KindExtra, options: FormOptions): FieldSpec[] {
  switch (extra) {
    case "rego":
      return [{ name: "Rego", label: "Rego", type: "text", required: false, rule: optionalText(20) }];
    case "additional_services": {
      const services = options.additionalServices ?? DEFAULT_ADDITIONAL_SERVICES;
      return [
        {
          name: "additional_services",
          label: "Additional Services",
          type: "checkboxes",
          required: false,
          options: toOptions(services),
          rule: checkboxListRule(services),
        },
      ];
    }
    case "vehicle_hidden":
      return [
        hidden("car_id"),
        { name: "car_type", label: "car_type", type: "hidden", required: false, rule: optionalChoiceRule(CAR_TYPES) },
        hidden("stock_number"),
      ];
    case "date":
      // spec 001 §5: test-drive date is optional. Kept (hidden) while slots are offered.
      return [
        {
          name: "date",
          label: "Preferred Date",
          type: offersSlots(options.appointment) ? "hidden" : "date",
          required: false,
          rule: optionalText(10).refine((v) => v === undefined || /^\d{4}-\d{2}-\d{2}$/.test(v), MESSAGES.required),
        },
      ];
    case "finance_query":
      // spec 000 §2: /finance reads preferredDealership and vehiclePriceBudget from the query.
      return [
        hidden("preferredDealership"),
        hidden("vehiclePriceBudget"),
        {
          name: "vehicle_type",
          label: "Vehicle Type",
          type: "select",
          required: false,
          options: toOptions(FINANCE_VEHICLE_TYPES),
          defaultValue: FINANCE_VEHICLE_TYPE_DEFAULT,
          // A post without it (an older page, an API client) still means the default.
          rule: optionalChoiceRule(FINANCE_VEHICLE_TYPES).transform((value) => value ?? FINANCE_VEHICLE_TYPE_DEFAULT),
        },
      ];
    case "trade_vehicle":
      return [
        { name: "Vehicle Make", label: "Vehicle Make", type: "text", required: true, rule: requiredText().max(100) },
        {
          name: "Vehicle Model",
          label: "Vehicle Model",
          type: "text",
          required: true,
          conditionalOn: "Vehicle Make",
          rule: requiredText().max(100),
        },
        {
          name: "Vehicle Year",
          label: "Vehicle Year",
          type: "text",
          required: true,
          maxLength: 4,
          rule: requiredText().regex(/^\d{4}$/, MESSAGES.required),
        },
      ];
    case "yes_no_flags":
      return YES_NO_FLAGS.map((flag) => ({
        name: flag,
        label: flag,
        type: "checkbox",
        required: false,
        defaultValue: false,
        rule: checkboxRule(),
      }));
  }
}

function fieldSpecs(kind: FormKind, tenant: Tenant, options: FormOptions): FieldSpec[] {
  const definition = FORM_KIND_DEFINITIONS[kind];
  const { site } = tenant;
  const form = site.features.form;
  const specs: FieldSpec[] = [];

  if (showsCategorySelect(definition.category)) {
    specs.push({
      name: "category",
      label: "Enquiry Type",
      type: "select",
      required: true,
      options: toOptions(ENQUIRY_TYPES),
      defaultValue: "General",
      rule: choiceRule(ENQUIRY_TYPES),
    });
  }
  specs.push({
    name: "name",
    label: form.last_name ? "First Name" : "Name",
    type: "text",
    required: true,
    rule: (form.last_name ? nameRule() : fullNameRule()).max(100),
  });
  if (form.last_name) specs.push({ name: "last_name", label: "Last Name", type: "text", required: true, rule: nameRule().max(100) });
  specs.push({ name: "email", label: "Email", type: "email", required: true, rule: emailRule().max(200) });
  specs.push({
    name: "phone",
    label: "Phone",
    type: "tel",
    required: true,
    phoneRegion: site.features.phone_region,
    rule: phoneRule(site.features.phone_region),
  });
  if (form.postcode)
    specs.push({ name: "postcode", label: "Postcode", type: "text", required: true, maxLength: POSTCODE_MAX_LENGTH, rule: postcodeRule() });

  for (const extra of definition.extras) {
    if (extra === "yes_no_flags" && !form.yes_no_flags) continue;
    specs.push(...extraFields(extra, options));
  }
  if (options.appointment) {
    specs.push({
      name: APPOINTMENT_FIELD,
      label: BOOKING_MESSAGES.slotsLegend,
      type: offersSlots(options.appointment) ? "slot" : "hidden",
      required: false,
      options: appointmentOptions(options.appointment),
      rule: appointmentRule(options.appointment),
    });
  }

  // The same list as the locations page, each place once, sales then service then parts.
  const visibleLocations = orderedLocations(site.locations);
  const locationIds = visibleLocations.map((location) => String(location.id));
  specs.push({
    name: "location",
    label: "Location",
    type: "select",
    required: true,
    options: visibleLocations.map((location) => ({ value: String(location.id), label: location.name })),
    defaultValue: locationIds.length === 1 ? locationIds[0] : undefined,
    rule: choiceRule(locationIds),
  });
  if (site.dealerships.length > 1 && !form.hide_dealership_select) {
    const slugs = site.dealerships.map((dealership) => dealership.slug);
    specs.push({
      name: "dealership_slug",
      label: "Dealership",
      type: "select",
      required: true,
      options: site.dealerships.map((d) => ({ value: d.slug, label: d.name })),
      rule: choiceRule(slugs),
    });
  }

  const messageOptional = definition.messageOptional || form.message_optional;
  specs.push({
    name: "message",
    label: "Message",
    type: "textarea",
    required: !messageOptional,
    rule: messageOptional ? optionalText(5000) : requiredText().max(5000),
  });

  if (form.where_did_you_hear) {
    specs.push({
      name: "where-did-you-hear-about-us",
      label: "Where did you hear about us?",
      type: "select",
      required: true,
      options: toOptions(WHERE_DID_YOU_HEAR_OPTIONS),
      rule: choiceRule(WHERE_DID_YOU_HEAR_OPTIONS),
    });
  }
  // spec 001 §5: opt-in is optional and starts ticked; an unticked box is absent from the post and means no.
  specs.push({
    name: "opt_in",
    label: "Keep me updated with news and offers",
    type: "checkbox",
    required: false,
    defaultValue: true,
    rule: checkboxRule(),
  });
  if (form.terms_agreement) {
    specs.push({ name: "terms", label: "I agree to the terms of use", type: "checkbox", required: true, rule: termsRule() });
  }
  specs.push(hidden("page_id"), hidden("tracking"));
  return specs;
}

type BuiltForm = { schema: z.ZodType<LeadFormValues>; fields: FieldDescription[] };

/**
 * Each tenant's forms are built once per kind and options, then reused: building the zod schemas
 * (and zod compiling each object parser on its first parse) was the largest CPU cost of a lead
 * (the lead benchmark). A tenant's site.json is read once at start, so nothing goes stale; the map
 * lets go of a tenant object no one holds.
 */
const builtForms = new WeakMap<Tenant, Map<string, BuiltForm>>();

function builtForm(kind: FormKind, tenant: Tenant, options: FormOptions): BuiltForm {
  // The dealership's free slots change minute to minute: a form offering them is built each time.
  if (options.appointment) return buildForm(kind, tenant, options);
  let forms = builtForms.get(tenant);
  if (!forms) {
    forms = new Map();
    builtForms.set(tenant, forms);
  }
  const key = `${kind}\u0000${(options.additionalServices ?? []).join("\u0000")}\u0000${options.additionalServices ? 1 : 0}`;
  let form = forms.get(key);
  if (!form) {
    form = buildForm(kind, tenant, options);
    forms.set(key, form);
  }
  return form;
}

function buildForm(kind: FormKind, tenant: Tenant, options: FormOptions): BuiltForm {
  const specs = fieldSpecs(kind, tenant, options);
  const shape: Record<string, z.ZodType<FieldValue>> = {};
  for (const spec of specs) shape[spec.name] = spec.rule;
  // Labels in the site's usage ('Inquiry Type', 'License plate'); names and values stay as the lead API knows them.
  const local = (text: string) => localiseText(text, tenant.site.locale);
  const fields = specs.map(({ rule: _rule, ...description }) => ({
    ...description,
    label: local(description.label),
    ...(description.options ? { options: description.options.map((option) => ({ ...option, label: local(option.label) })) } : {}),
  }));
  return { schema: z.object(shape), fields };
}

/** spec 001 §5 validation for one form on one tenant; use with `parseWithZod(formData, { schema })`. */
export function formSchema(kind: FormKind, tenant: Tenant, options: FormOptions = {}): z.ZodType<LeadFormValues> {
  return builtForm(kind, tenant, options).schema;
}

/** The same fields as formSchema, described for rendering (labels, asterisks, options). */
export function formFields(kind: FormKind, tenant: Tenant, options: FormOptions = {}): FieldDescription[] {
  return builtForm(kind, tenant, options).fields;
}

/** spec 001 §2: "Message Now" for some tenants, otherwise "<Enquire> Now" — "Inquire Now" with US spelling. */
export function submitLabel(tenant: Tenant): string {
  const label = tenant.site.features.form.submit_label;
  return label === "Enquire Now" && tenant.site.locale === "en-US" ? "Inquire Now" : label;
}
