import type { Lead, LeadValue } from "~/server/leads/lead-object";
import { text } from "./adf-xml";

/** Fields about the lead itself (tracking, routing, state), not answers the shopper gave. */
const RECORD_FIELDS = new Set([
  "dealership_slug",
  "manufacturer_slug",
  "website_slug",
  "url",
  "source",
  "user_agent",
  "visited_pages",
  "linked_query_params",
  "has_files",
  "location_id",
  "category",
  "subcategory",
  "lead_id",
  "lead_status",
  "form_completed",
  "skipped_steps",
  "step_number",
  "message",
  "page_id",
  "tracking",
  "event_id",
  "created_at",
  "terms",
]);

/** Labels the forms show, for the answers whose field names are not words. */
const LABELS: Record<string, string> = {
  date: "Preferred date",
  // A booked slot, as the dealership reads it and as an instant.
  appointment_local: "Appointment",
  appointment: "Appointment (UTC)",
  appointment_time_zone: "Appointment time zone",
  additional_services: "Additional services",
  preferredDealership: "Preferred dealership",
  vehiclePriceBudget: "Vehicle price budget",
  "where-did-you-hear-about-us": "Where did you hear about us?",
  opt_in: "Opt-in",
  age_band: "Age",
  residency: "Residency status",
  employment_status: "Employment status",
  years_employed: "Years with this employer",
  annual_income: "Annual income before tax",
  price: "Price or budget",
  car_type: "New, used or demo",
};

function label(field: string): string {
  const words = field.replace(/[_-]+/g, " ").trim();
  return LABELS[field] ?? words.charAt(0).toUpperCase() + words.slice(1);
}

function answer(value: LeadValue | undefined): string {
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (Array.isArray(value)) return value.map(String).join(", ");
  return text(value);
}

/**
 * The customer <comments>: category and subcategory, the lead's state when incomplete, the message,
 * the phone as entered, every other answer of the form (finance amount, preferred date, additional
 * services…) and the page it was sent from. Fields carried by other elements are left out.
 */
export function customerComments(lead: Lead, carried: ReadonlySet<string>): string {
  const lines = [[text(lead.category), text(lead.subcategory)].filter(Boolean).join(" / ")];
  if (lead.lead_status === "Incomplete") {
    const step = text(lead.step_number);
    lines.push(`Lead status: Incomplete${step ? ` (saved at step ${step})` : ""}`);
  }
  if (text(lead.message) !== "") lines.push(`Message: ${text(lead.message)}`);
  if (text(lead.phone) !== "" && text(lead.phone) !== text(lead.phone_e164)) lines.push(`Phone as entered: ${text(lead.phone)}`);
  for (const [field, value] of Object.entries(lead)) {
    if (RECORD_FIELDS.has(field) || carried.has(field)) continue;
    const shown = answer(value);
    if (shown !== "") lines.push(`${label(field)}: ${shown}`);
  }
  if (text(lead.url) !== "") lines.push(`Page: ${text(lead.url)}`);
  return lines.filter(Boolean).join("\n");
}
