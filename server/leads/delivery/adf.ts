import type { Tenant } from "~/server/tenants/load";
import type { Lead, LeadValue } from "../lead-object";
import { CATEGORIES } from "../events";

export function xmlEscape(value: string): string {
  return value.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c] ?? c);
}

function str(value: LeadValue | undefined): string {
  if (typeof value === "string") return value;
  if (typeof value === "number") return String(value);
  return "";
}

function element(name: string, value: string, attributes = ""): string {
  return value === "" ? "" : `<${name}${attributes}>${xmlEscape(value)}</${name}>`;
}

/** ADF vehicle interest: buy unless the enquiry is about a test drive or selling/trading the customer's car. */
function interest(category: string): string {
  if (category === CATEGORIES.testDrive) return "test-drive";
  if (category === CATEGORIES.tradeIn) return "trade-in";
  if (category === CATEGORIES.sellMyCar) return "sell";
  return "buy";
}

function vehicle(lead: Lead, currency: string): string {
  const parts = [
    element("year", str(lead["Vehicle Year"])),
    element("make", str(lead["Vehicle Make"])),
    element("model", str(lead["Vehicle Model"])),
    element("vin", str(lead.vin)),
    element("stock", str(lead.stock_number)),
    typeof lead.price === "number" ? `<price type="asking" currency="${xmlEscape(currency)}">${lead.price}</price>` : "",
  ].join("");
  if (parts === "") return "";
  const status = lead.car_type === "used" ? "used" : "new";
  return `<vehicle interest="${interest(str(lead.category))}" status="${status}">${parts}</vehicle>`;
}

function vendor(lead: Lead, tenant: Tenant): string {
  const { site } = tenant;
  const location = site.locations.find((l) => l.id === lead.location_id) ?? site.locations.find((l) => l.primary) ?? site.locations[0];
  const contact = [
    element("name", location.name, ' part="full"'),
    element("email", location.contact_detail.email ?? site.email ?? ""),
    element("phone", location.contact_detail.phone || site.phone),
  ].join("");
  return `<vendor>${element("vendorname", site.company_name || site.name)}<contact>${contact}</contact></vendor>`;
}

/** One <prospect> element of ADF 1.0 (Auto-lead Data Format). */
export function prospectXml(lead: Lead, tenant: Tenant, requestDate: Date): string {
  const contact = [
    element("name", str(lead.first_name) || str(lead.name), ' part="first"'),
    element("name", str(lead.last_name), ' part="last"'),
    element("email", str(lead.email)),
    element("phone", str(lead.phone)),
  ].join("");
  const comments = element("comments", [str(lead.category), str(lead.message)].filter(Boolean).join(": "));
  return [
    "<prospect>",
    `<requestdate>${requestDate.toISOString()}</requestdate>`,
    vehicle(lead, tenant.site.currency),
    `<customer><contact>${contact}</contact>${comments}</customer>`,
    vendor(lead, tenant),
    "<provider><name>Forecourt</name></provider>",
    "</prospect>",
  ].join("");
}

/** An ADF 1.0 document with one prospect per lead; POSTed as application/xml. */
export function adfDocument(prospects: readonly string[]): string {
  return `<?xml version="1.0"?><?adf version="1.0"?><adf>${prospects.join("")}</adf>`;
}

export function toAdf(lead: Lead, tenant: Tenant, requestDate: Date): string {
  return adfDocument([prospectXml(lead, tenant, requestDate)]);
}

export function adfRequest(url: string, xml: string, idempotencyKey: string) {
  return {
    url,
    method: "POST" as const,
    headers: { "Content-Type": "application/xml", Accept: "application/json", "Idempotency-Key": idempotencyKey },
    body: xml,
  };
}
