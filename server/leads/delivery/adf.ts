import type { Tenant } from "~/server/tenants/load";
import type { Lead } from "~/server/leads/lead-object";
import { customerComments } from "./adf-comments";
import { CONTACT_FIELDS, customerContactXml, vendorXml } from "./adf-parties";
import { vehicleFieldsOf, vehiclesXml } from "./adf-vehicles";
import { optional, required, text } from "./adf-xml";

export { xmlEscape } from "./adf-xml";

export const ADF_PROVIDER = "Forecourt";

/**
 * requestdate is the lead's creation time, ISO 8601 with its offset (UTC). The stored lead carries
 * it as `created_at` (store.ts), so delivery and export write the same date for one lead; leads stored
 * before it was kept fall back to the time the caller passes.
 */
export function requestDate(lead: Lead, fallback: Date): string {
  const stored = typeof lead.created_at === "string" ? new Date(lead.created_at) : null;
  const when = stored && !Number.isNaN(stored.getTime()) ? stored : fallback;
  return when.toISOString().replace(/\.\d{3}Z$/, "+00:00");
}

/** One <prospect> element of ADF 1.0 (Auto-lead Data Format); the mapping is in docs/operations.md. */
/** What a lead is known by outside its payload: its id and its creation time (epoch ms). */
export type LeadMeta = { id: string; createdAt: number };

/** A Date alone: the lead's own lead_id is its id (leads whose payload carries one). */
function metaOf(lead: Lead, given: LeadMeta | Date): LeadMeta {
  return given instanceof Date ? { id: text(lead.lead_id), createdAt: given.getTime() } : given;
}

export function prospectXml(lead: Lead, tenant: Tenant, given: LeadMeta | Date): string {
  const meta = metaOf(lead, given);
  const { site } = tenant;
  const carried = new Set<string>([...CONTACT_FIELDS, ...vehicleFieldsOf(lead)]);
  return [
    '<prospect status="new">',
    optional("id", meta.id || text(lead.lead_id), { sequence: "1", source: ADF_PROVIDER }),
    required("requestdate", requestDate(lead, new Date(meta.createdAt))),
    vehiclesXml(lead, site),
    `<customer>${customerContactXml(lead, site)}${optional("comments", customerComments(lead, carried))}</customer>`,
    vendorXml(lead, site),
    `<provider>${required("name", ADF_PROVIDER, { part: "full", type: "business" })}${required("service", `${site.name} website`)}</provider>`,
    "</prospect>",
  ].join("");
}

/** An ADF document with one prospect per lead. */
export function adfDocument(prospects: readonly string[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?><?adf version="1.0"?><adf>${prospects.join("")}</adf>`;
}

export function toAdf(lead: Lead, tenant: Tenant, meta: LeadMeta | Date): string {
  return adfDocument([prospectXml(lead, tenant, meta)]);
}

export function adfRequest(url: string, xml: string, idempotencyKey: string) {
  return {
    url,
    method: "POST" as const,
    headers: { "Content-Type": "application/xml", Accept: "application/json", "Idempotency-Key": idempotencyKey },
    body: xml,
  };
}
