import type { Tenant } from "~/server/tenants/load";
import { POSTCODE_MAX_LENGTH } from "~/server/leads/field-rules";
import type { StepField } from "./step-schema";

/**
 * Field builders shared by the flows. Lengths are kept short on purpose: the values typed so far
 * travel in the flow's signed cookie, which must stay under the browsers' 4 KB.
 */
const NAME_MAX = 50;
const EMAIL_MAX = 100;
export const MESSAGE_MAX = 500;
const MAKE_MAX = 50;

export const AU_STATES = ["ACT", "NSW", "NT", "QLD", "SA", "TAS", "VIC", "WA"] as const;
export const AU_DEFAULT_STATE = "QLD";
// prettier-ignore
export const US_STATES = ["AL","AK","AZ","AR","CA","CO","CT","DE","DC","FL","GA","HI","ID","IL","IN","IA","KS","KY","LA","ME","MD","MA","MI","MN","MS","MO","MT","NE","NV","NH","NJ","NM","NY","NC","ND","OH","OK","OR","PA","RI","SC","SD","TN","TX","UT","VT","VA","WA","WV","WI","WY"] as const;

export const CONDITIONS = ["Excellent", "Good", "Fair", "Poor"] as const;

const options = (values: readonly string[]) => values.map((value) => ({ value, label: value }));

export function choiceField(name: string, label: string, values: readonly string[], required = true): StepField {
  return { name, label, type: "select", required, options: options(values), rule: { kind: "choice", required, values: [...values] } };
}

export function textField(name: string, label: string, max: number, required = true): StepField {
  return { name, label, type: "text", required, maxLength: max, rule: { kind: "text", required, max } };
}

export function firstNameField(tenant: Tenant, forceLastName = false): StepField {
  const split = forceLastName || tenant.site.features.form.last_name;
  return {
    name: "name",
    label: split ? "First Name" : "Name",
    type: "text",
    required: true,
    maxLength: NAME_MAX,
    rule: { kind: "name", max: NAME_MAX, full: !split },
  };
}

export function lastNameField(): StepField {
  return {
    name: "last_name",
    label: "Last Name",
    type: "text",
    required: true,
    maxLength: NAME_MAX,
    rule: { kind: "name", max: NAME_MAX },
  };
}

/** Email, phone by the tenant's region, and the postcode where the tenant asks for it (spec 001 §5). */
export function contactFields(tenant: Tenant): StepField[] {
  const fields: StepField[] = [
    { name: "email", label: "Email", type: "email", required: true, maxLength: EMAIL_MAX, rule: { kind: "email", max: EMAIL_MAX } },
    {
      name: "phone",
      label: "Phone",
      type: "tel",
      required: true,
      maxLength: 20,
      phoneRegion: tenant.site.features.phone_region,
      rule: { kind: "phone", region: tenant.site.features.phone_region },
    },
  ];
  if (tenant.site.features.form.postcode) {
    fields.push({
      name: "postcode",
      label: "Postcode",
      type: "text",
      required: true,
      maxLength: POSTCODE_MAX_LENGTH,
      rule: { kind: "postcode" },
    });
  }
  return fields;
}

/**
 * spec 001 §5: location is required and the dealership select shows when there is more than one.
 * With a single visible location nothing is asked; the lead takes that location (flow-lead.ts).
 */
export function whereFields(tenant: Tenant): StepField[] {
  const { site } = tenant;
  const fields: StepField[] = [];
  const visible = site.locations.filter((location) => location.visible);
  if (visible.length > 1) {
    const ids = visible.map((location) => String(location.id));
    fields.push({
      name: "location",
      label: "Location",
      type: "select",
      required: true,
      options: visible.map((l) => ({ value: String(l.id), label: l.name })),
      rule: { kind: "choice", required: true, values: ids },
    });
  }
  if (site.dealerships.length > 1 && !site.features.form.hide_dealership_select) {
    const slugs = site.dealerships.map((dealership) => dealership.slug);
    fields.push({
      name: "dealership_slug",
      label: "Dealership",
      type: "select",
      required: true,
      options: site.dealerships.map((d) => ({ value: d.slug, label: d.name })),
      rule: { kind: "choice", required: true, values: slugs },
    });
  }
  return fields;
}

/** spec 001 §5: opt-in optional and ticked by default; the terms box where the tenant asks for it. */
export function consentFields(tenant: Tenant): StepField[] {
  const fields: StepField[] = [
    {
      name: "opt_in",
      label: "Keep me updated with news and offers",
      type: "checkbox",
      required: false,
      defaultValue: true,
      rule: { kind: "checkbox" },
    },
  ];
  if (tenant.site.features.form.terms_agreement) {
    fields.push({ name: "terms", label: "I agree to the terms of use", type: "checkbox", required: true, rule: { kind: "terms" } });
  }
  return fields;
}

export function messageField(label: string): StepField {
  return {
    name: "message",
    label,
    type: "textarea",
    required: false,
    maxLength: MESSAGE_MAX,
    rule: { kind: "text", required: false, max: MESSAGE_MAX },
  };
}

/** The final "your details" step of the trade-in and sell-my-car flows. */
export function detailsStepFields(tenant: Tenant): StepField[] {
  const names = [firstNameField(tenant)];
  if (tenant.site.features.form.last_name) names.push(lastNameField());
  return [
    ...names,
    ...contactFields(tenant),
    ...whereFields(tenant),
    messageField("Anything else we should know?"),
    ...consentFields(tenant),
  ];
}

function isUs(tenant: Tenant): boolean {
  return tenant.site.features.phone_region === "us";
}

/** The visitor's own vehicle: make, model, year and odometer (miles on US sites, spec 001 §9). */
export function ownVehicleFields(tenant: Tenant): StepField[] {
  return [
    textField("Vehicle Make", "Make", MAKE_MAX),
    textField("Vehicle Model", "Model", MAKE_MAX),
    { name: "Vehicle Year", label: "Year", type: "text", required: true, maxLength: 4, rule: { kind: "year", required: true } },
    {
      name: "odometer",
      label: isUs(tenant) ? "Odometer (miles)" : "Odometer (km)",
      type: "text",
      required: true,
      maxLength: 9,
      rule: { kind: "whole", required: true, max: 9_999_999 },
    },
  ];
}

/** Rego and the state it is registered in; NZ plates are national, so NZ sites ask no state. */
export function regoFields(tenant: Tenant, required: boolean): StepField[] {
  const region = tenant.site.features.phone_region;
  const fields: StepField[] = [textField("Rego", isUs(tenant) ? "License plate" : "Rego", 10, required)];
  if (region === "nz") return fields;
  if (region === "us") fields.push(choiceField("rego_state", "State", US_STATES, required));
  // spec 001 §9: the form state defaults to qld (our option value QLD).
  else fields.push({ ...choiceField("rego_state", "State", AU_STATES, required), defaultValue: AU_DEFAULT_STATE });
  return fields;
}

export function photosField(): StepField {
  return { name: "photos", label: "Photos of your vehicle", type: "file", required: false, rule: { kind: "photos" } };
}
