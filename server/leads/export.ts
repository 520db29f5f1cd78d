import type { Tenant } from "~/server/tenants/load";
import { adfDocument, prospectXml } from "./delivery/adf";
import type { LeadValue } from "./lead-object";
import type { StoredLead } from "./store";

export const EXPORT_FORMATS = ["csv", "json", "adf"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

const CSV_COLUMNS = [
  "category",
  "subcategory",
  "name",
  "first_name",
  "last_name",
  "email",
  "phone",
  "postcode",
  "message",
  "location_id",
  "dealership_slug",
  "car_id",
  "car_type",
  "stock_number",
  "Vehicle Make",
  "Vehicle Model",
  "url",
  "opt_in",
] as const;

function cell(value: LeadValue | undefined): string {
  if (value === undefined || value === null) return "";
  let text = typeof value === "object" ? JSON.stringify(value) : String(value);
  // Spreadsheets run cells starting with these as formulas.
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function toCsv(leads: readonly StoredLead[]): string {
  const header = ["id", "created_at", "lead_status", ...CSV_COLUMNS].map((name) => cell(name)).join(",");
  const rows = leads.map((lead) =>
    [
      cell(lead.id),
      cell(new Date(lead.created_at).toISOString()),
      cell(lead.lead_status),
      ...CSV_COLUMNS.map((column) => cell(lead.payload[column])),
    ].join(","),
  );
  return `${[header, ...rows].join("\r\n")}\r\n`;
}

/** Leads for the dealer as CSV, JSON (one array) or one ADF document. */
export function formatLeads(leads: readonly StoredLead[], format: ExportFormat, tenant: Tenant): string {
  switch (format) {
    case "csv":
      return toCsv(leads);
    case "json":
      return `${JSON.stringify(
        leads.map((lead) => ({
          id: lead.id,
          created_at: new Date(lead.created_at).toISOString(),
          lead_status: lead.lead_status,
          lead: lead.payload,
        })),
        null,
        2,
      )}\n`;
    case "adf":
      return `${adfDocument(leads.map((lead) => prospectXml(lead.payload, tenant, { id: lead.id, createdAt: lead.created_at })))}\n`;
  }
}
