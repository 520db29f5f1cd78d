import { z } from "~/server/lib/zod";
import { CATEGORIES, ENQUIRY_TYPES, categoryForEnquiryType, eventFor } from "~/server/leads/events";
import { FORM_KIND_DEFINITIONS, FORM_KINDS, type FormKind } from "~/server/leads/form-kinds";
import type { FieldDescription, LeadFormValues } from "~/server/leads/forms";
import type { Lead, LeadValue } from "~/server/leads/lead-object";
import { phoneE164, type PhoneRegion } from "~/server/leads/phone";

/** spec 001 §7: every lead call's body is {lead:{…}}. */
export const leadBodySchema = z.object({ lead: z.record(z.string(), z.unknown()) });
export type ApiLead = Record<string, unknown>;

const VEHICLE_CATEGORIES: readonly string[] = [CATEGORIES.newVehicle, CATEGORIES.usedVehicle, CATEGORIES.demoVehicle];

/** The form a lead's category belongs to; careers as sent (General/Career Enquiry) too; unknown → general. */
export function kindForLead(lead: ApiLead): FormKind {
  const category = typeof lead.category === "string" ? lead.category : "";
  if (category === CATEGORIES.general && lead.subcategory === "Career Enquiry") return "careers";
  if (VEHICLE_CATEGORIES.includes(category)) return "vehicle";
  return FORM_KINDS.find((kind) => kind !== "general" && FORM_KIND_DEFINITIONS[kind].category === category) ?? "general";
}

/** The general form's category select takes an enquiry type ('General'); a lead carries 'General Enquiry'. */
function enquiryTypeOf(category: unknown): string | undefined {
  if (typeof category !== "string") return undefined;
  const type = ENQUIRY_TYPES.find((candidate) => candidate === category || categoryForEnquiryType(candidate) === category);
  return type ?? "General";
}

function checkboxValue(raw: unknown): boolean | undefined {
  if (raw === true || raw === "on" || raw === "true" || raw === "Yes") return true;
  return undefined;
}

function fieldValue(field: FieldDescription, raw: unknown): LeadFormValues[string] {
  if (raw === undefined || raw === null) return undefined;
  if (field.type === "checkbox") return checkboxValue(raw);
  if (field.type === "checkboxes") return Array.isArray(raw) ? raw.map(String) : String(raw);
  if (typeof raw === "string") return raw;
  if (typeof raw === "number" || typeof raw === "boolean") return String(raw);
  // An object or array where text belongs: let the schema refuse it.
  return JSON.stringify(raw);
}

/** The lead's values under the form's field names (location_id → location, category → enquiry type). */
export function formValuesFromLead(lead: ApiLead, fields: readonly FieldDescription[]): { values: LeadFormValues; present: Set<string> } {
  const values: LeadFormValues = {};
  const present = new Set<string>();
  for (const field of fields) {
    let raw = lead[field.name];
    if (field.name === "location" && raw === undefined) raw = lead.location_id;
    if (field.name === "name" && raw === undefined) raw = lead.first_name;
    if (field.name === "category") raw = enquiryTypeOf(lead.category);
    if (raw === undefined) continue;
    present.add(field.name);
    values[field.name] = fieldValue(field, raw);
  }
  return { values, present };
}

/** spec 001 §3 multi-step payload keys a client may send besides the form fields. */
export const multiStepExtrasSchema = z.object({
  lead_status: z.enum(["Complete", "Incomplete"]).optional(),
  form_completed: z.boolean().optional(),
  skipped_steps: z.array(z.number().int().min(1).max(50)).max(50).optional(),
  step_number: z.number().int().min(1).max(50).optional(),
  vehicle_status: z.string().max(50).optional(),
});
export type MultiStepExtras = z.infer<typeof multiStepExtrasSchema>;

export type IssueList = { error: string; errors: Record<string, string[]> };

/** spec 001 §8 error shape: the first problem as `error`, all of them by field as `errors`. */
export function issueList(issues: readonly { path: readonly PropertyKey[]; message: string }[]): IssueList {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join(".") || "lead";
    (errors[key] ??= []).push(issue.message);
  }
  const [first] = issues;
  return { error: first ? `${first.path.map(String).join(".") || "lead"}: ${first.message}` : "Invalid lead", errors };
}

const trimmed = (value: LeadFormValues[string]): LeadValue | undefined => (typeof value === "string" ? value.trim() : value);

// Fields the lead carries under other names (lead-object.ts CONSUMED_FIELDS), handled by leadPatch itself.
const RENAMED = new Set(["name", "last_name", "location", "category", "terms"]);

/**
 * PUT /api/leads/{id}: the lead fields a validated partial form changes, merged by the store onto
 * the stored lead. Names are recombined from the stored first/last name when only one part changes.
 */
export function leadPatch(
  stored: Lead,
  values: LeadFormValues,
  present: ReadonlySet<string>,
  lead: ApiLead,
  extras: MultiStepExtras,
  region: PhoneRegion,
): Lead {
  const patch: Lead = {};
  for (const name of present) {
    const value = trimmed(values[name]);
    if (value !== undefined && !RENAMED.has(name)) patch[name] = value;
  }
  if (present.has("name") || present.has("last_name")) {
    const first = present.has("name") ? String(trimmed(values.name) ?? "") : String(stored.first_name ?? "");
    const last = present.has("last_name") ? String(trimmed(values.last_name) ?? "") : String(stored.last_name ?? "");
    Object.assign(patch, { first_name: first, last_name: last, name: [first, last].filter(Boolean).join(" ") });
  }
  if (typeof patch.phone === "string") patch.phone_e164 = phoneE164(patch.phone, region);
  if (present.has("location")) {
    const id = Number(values.location);
    patch.location_id = Number.isInteger(id) && id > 0 ? id : null;
  }
  if (typeof lead.category === "string") {
    const subcategory = typeof lead.subcategory === "string" ? lead.subcategory : String(stored.subcategory ?? "");
    const event = eventFor(lead.category, subcategory);
    Object.assign(patch, { category: event.category, subcategory: event.subcategory });
  }
  for (const [key, value] of Object.entries(extras)) if (value !== undefined && key !== "lead_status") patch[key] = value;
  return patch;
}
