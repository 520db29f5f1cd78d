import { formatMoney } from "~/server/lib/format";
import { localiseText } from "~/server/lib/spelling";
import { REGISTRATION_LABEL } from "~/server/stock/registration";
import type { Tenant } from "~/server/tenants/load";
import type { Lead, LeadValue } from "~/server/leads/lead-object";

export type Notification = { to: string; subject: string; text: string; html: string; replyTo: string | null };

function str(value: LeadValue | undefined): string {
  if (typeof value === "string") return value.trim();
  if (typeof value === "number") return String(value);
  return "";
}

/** Sales inbox routing: the location the shopper chose, else their dealership, else the site's inbox. */
export function notificationAddress(lead: Lead, tenant: Tenant): string | null {
  const { site } = tenant;
  const location = site.locations.find((l) => l.id === lead.location_id);
  const dealership = site.dealerships.find((d) => d.slug === lead.dealership_slug);
  return location?.contact_detail.email || dealership?.email || site.leads.email.sales_inbox;
}

/** The car of interest as the shopper saw it, or null for an enquiry without a car. */
function carOf(lead: Lead, tenant: Tenant): { title: string; stock: string; registration: string; price: string; page: string } | null {
  const make = str(lead["Vehicle Make"]);
  const model = str(lead["Vehicle Model"]);
  if (make === "" && model === "") return null;
  // spec 000 §2 card title order with missing parts skipped; a lead carries no badge or series.
  const title = [str(lead["Vehicle Year"]), make, model].filter(Boolean).join(" ");
  // 'Enquire for price.' cars carry no price (or 0): the shopper saw none, so none is quoted.
  const price = typeof lead.price === "number" && lead.price > 0 ? formatMoney(lead.price, tenant.site.locale) : "";
  return { title, stock: str(lead.stock_number), registration: str(lead.vehicle_registration), price, page: str(lead.url) };
}

/**
 * First and last name as one: form leads carry first_name (the Name field) and last_name; leads posted to
 * the JSON API carry the first name in `name`.
 */
function customerName(lead: Lead): string {
  return [str(lead.first_name) || str(lead.name), str(lead.last_name)].filter(Boolean).join(" ");
}

/**
 * A multi-step lead delivered before its last step (`leads.deliver_incomplete`): said in the subject and
 * the Enquiry section, so the sales team knows more may follow. Empty for a complete lead.
 */
function incompleteNote(lead: Lead): string {
  if (lead.lead_status !== "Incomplete") return "";
  const step = str(lead.step_number);
  return `Incomplete${step ? ` (saved at step ${step})` : ""}`;
}

/** `{category}: {name} — {car or site}`, with ` [Incomplete (saved at step n)]` on a partial lead. */
export function notificationSubject(lead: Lead, tenant: Tenant): string {
  const name = customerName(lead) || "Website visitor";
  const car = carOf(lead, tenant);
  const note = incompleteNote(lead);
  return `${str(lead.category) || "Enquiry"}: ${name} — ${car?.title ?? tenant.site.name}${note ? ` [${note}]` : ""}`;
}

type Section = { heading: string; rows: [string, string][] };

function sections(lead: Lead, leadId: string, tenant: Tenant): Section[] {
  const car = carOf(lead, tenant);
  const location = tenant.site.locations.find((l) => l.id === lead.location_id);
  const enquiry: [string, string][] = [
    ["Enquiry type", [str(lead.category), str(lead.subcategory)].filter(Boolean).join(" — ")],
    ["Status", incompleteNote(lead)],
    ["Location", location?.name ?? ""],
    ["Appointment", str(lead.appointment_local)],
    ["Lead id", leadId],
  ];
  const customer: [string, string][] = [
    ["Name", customerName(lead)],
    ["Email", str(lead.email)],
    ["Phone", str(lead.phone)],
    ["Postcode", str(lead.postcode)],
  ];
  const out: Section[] = [
    { heading: "Enquiry", rows: enquiry },
    { heading: "Customer", rows: customer },
  ];
  if (car) {
    out.push({
      heading: "Car",
      rows: [
        ["Car", car.title],
        ["Stock number", car.stock],
        [localiseText(REGISTRATION_LABEL, tenant.site.locale), car.registration],
        ["Price shown", car.price],
        ["Page", car.page],
      ],
    });
  }
  out.push({ heading: "Message", rows: [["Message", str(lead.message) || "(no message)"]] });
  return out.map((section) => ({ ...section, rows: section.rows.filter(([, value]) => value !== "") }));
}

function htmlEscape(value: string): string {
  return value.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&#39;", '"': "&quot;" })[c] ?? c);
}

function htmlValue(label: string, value: string): string {
  const escaped = htmlEscape(value);
  if (label === "Page" && /^https?:\/\//.test(value)) return `<a href="${escaped}">${escaped}</a>`;
  if (label === "Email") return `<a href="mailto:${escaped}">${escaped}</a>`;
  return escaped.replace(/\n/g, "<br>");
}

/** The readable email for the sales team: plain text first, a simple HTML table as the alternative. */
export function notificationEmail(lead: Lead, leadId: string, tenant: Tenant): Notification | null {
  const to = notificationAddress(lead, tenant);
  if (!to) return null;
  const parts = sections(lead, leadId, tenant);
  const subject = notificationSubject(lead, tenant);
  const text = [
    `New enquiry from the ${tenant.site.name} website.`,
    ...parts.map((section) => [`${section.heading}`, ...section.rows.map(([label, value]) => `  ${label}: ${value}`)].join("\n")),
  ].join("\n\n");
  const html = [
    `<!doctype html><html><body style="font-family:sans-serif">`,
    `<p>New enquiry from the ${htmlEscape(tenant.site.name)} website.</p>`,
    ...parts.map(
      (section) =>
        `<h2 style="font-size:16px">${htmlEscape(section.heading)}</h2><table>` +
        section.rows
          .map(([label, value]) => `<tr><th align="left" valign="top">${htmlEscape(label)}</th><td>${htmlValue(label, value)}</td></tr>`)
          .join("") +
        `</table>`,
    ),
    `</body></html>`,
  ].join("\n");
  return { to, subject, text: `${text}\n`, html, replyTo: str(lead.email) || null };
}
