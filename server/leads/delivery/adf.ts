import { parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js/max";
import type { Tenant } from "~/server/tenants/load";
import type { Lead, LeadValue } from "../lead-object";
import { CATEGORIES } from "../events";
import { xmlSafeText } from "../xml-safe-text";

/** What a lead is known by outside its payload: its id and when it was created (epoch ms). */
export type LeadMeta = { id: string; createdAt: number };

export function xmlEscape(value: string): string {
  return xmlSafeText(value).replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c] ?? c);
}

function str(value: LeadValue | undefined): string {
  if (typeof value === "string") return value.trim();
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  return "";
}

/** An element, or nothing when the value is empty. */
function element(name: string, value: string, attributes = ""): string {
  return value === "" ? "" : `<${name}${attributes}>${xmlEscape(value)}</${name}>`;
}

/** An element that the DTD requires, written even when empty. */
function required(name: string, value: string, attributes = ""): string {
  return `<${name}${attributes}>${xmlEscape(value)}</${name}>`;
}

/** ISO 8601 with an explicit offset (UTC): 2026-11-23T08:20:00+00:00. */
export function adfDate(epochMs: number): string {
  return new Date(epochMs).toISOString().replace(/\.\d{3}Z$/, "+00:00");
}

const COUNTRY: Record<string, CountryCode> = { "en-AU": "AU", "en-NZ": "NZ", "en-US": "US" };

/** A single Name field: the last word is the last name, the rest the first; one word is the full name. */
export function nameParts(lead: Lead): Array<{ part: "first" | "last" | "full"; value: string }> {
  const first = str(lead.first_name) || str(lead.name);
  const last = str(lead.last_name);
  if (last !== "")
    return [
      { part: "first", value: first.endsWith(` ${last}`) ? first.slice(0, -last.length - 1) : first },
      { part: "last", value: last },
    ];
  const words = first.split(/\s+/).filter(Boolean);
  if (words.length === 0) return [{ part: "full", value: "" }];
  if (words.length === 1) return [{ part: "full", value: words[0] }];
  return [
    { part: "first", value: words.slice(0, -1).join(" ") },
    { part: "last", value: words[words.length - 1] },
  ];
}

/** The phone as E.164 when it parses for the site's country, and whether it is a mobile. */
export function phoneDetails(phone: string, locale: string): { e164: string | null; mobile: boolean } {
  const parsed = parsePhoneNumberFromString(phone, COUNTRY[locale] ?? "AU");
  if (!parsed || !parsed.isPossible()) return { e164: null, mobile: false };
  const type = parsed.getType();
  return { e164: parsed.number, mobile: type === "MOBILE" || type === "FIXED_LINE_OR_MOBILE" };
}

/** The shopper's own car (trade-in, sell my car): the form's Vehicle fields describe it. */
function ownCarInterest(category: string): "trade-in" | "sell" | null {
  if (category === CATEGORIES.tradeIn) return "trade-in";
  if (category === CATEGORIES.sellMyCar) return "sell";
  return null;
}

function interestIn(category: string): "buy" | "test-drive" {
  return category === CATEGORIES.testDrive ? "test-drive" : "buy";
}

function odometer(lead: Lead, locale: string): string {
  const value = str(lead.odometer) || str(lead.km) || str(lead.kms);
  return element("odometer", value.replace(/[^\d.]/g, ""), ` units="${locale === "en-US" ? "mi" : "km"}"`);
}

/** The stock car the lead is about; price only when the shopper saw one (never 0 or 'Enquire for price.'). */
function carOfInterest(lead: Lead, tenant: Tenant): string | null {
  const category = str(lead.category);
  if (ownCarInterest(category) !== null && str(lead.car_id) === "") return null;
  const own = ownCarInterest(category) !== null;
  const make = own ? "" : str(lead["Vehicle Make"]);
  const model = own ? "" : str(lead["Vehicle Model"]);
  const year = own ? "" : str(lead["Vehicle Year"]);
  const stock = str(lead.stock_number);
  if (make === "" && model === "" && stock === "" && str(lead.car_id) === "") return null;
  const status = lead.car_type === "new" ? "new" : "used";
  const price = typeof lead.price === "number" && lead.price > 0 && lead.price_shown !== false ? lead.price : null;
  const trim = [str(lead.badge), str(lead.series)].filter(Boolean).join(" ");
  return [
    `<vehicle interest="${interestIn(category)}" status="${status}">`,
    required("year", year),
    required("make", make),
    required("model", model),
    element("vin", str(lead.vin)),
    element("stock", stock),
    element("trim", trim),
    element("bodystyle", str(lead.body)),
    element("transmission", str(lead.transmission)),
    own ? "" : odometer(lead, tenant.site.locale),
    str(lead.colour)
      ? `<colorcombination><exteriorcolor>${xmlEscape(str(lead.colour))}</exteriorcolor><preference>1</preference></colorcombination>`
      : "",
    price === null ? "" : `<price type="asking" currency="${xmlEscape(tenant.site.currency)}">${price}</price>`,
    element("comments", lead.car_type === "demo" ? "Demonstrator" : ""),
    "</vehicle>",
  ].join("");
}

/** A trade-in or a car to sell: its own vehicle element, used, with rego and condition in comments. */
function ownCar(lead: Lead, tenant: Tenant): string | null {
  const interest = ownCarInterest(str(lead.category));
  if (interest === null) return null;
  const comments = [
    str(lead.Rego) && `Rego: ${str(lead.Rego)}`,
    str(lead.condition) && `Condition: ${str(lead.condition)}`,
    str(lead.expected_price) && `Expected price: ${str(lead.expected_price)}`,
  ]
    .filter(Boolean)
    .join("; ");
  return [
    `<vehicle interest="${interest}" status="used">`,
    required("year", str(lead["Vehicle Year"])),
    required("make", str(lead["Vehicle Make"])),
    required("model", str(lead["Vehicle Model"])),
    odometer(lead, tenant.site.locale),
    element("comments", comments),
    "</vehicle>",
  ].join("");
}

// Written elsewhere in the prospect, or internal: never repeated in the customer's comments.
const NOT_ANSWERS = new Set([
  "name",
  "first_name",
  "last_name",
  "email",
  "phone",
  "phone_e164",
  "postcode",
  "message",
  "category",
  "subcategory",
  "car_id",
  "car_type",
  "stock_number",
  "Vehicle Make",
  "Vehicle Model",
  "Vehicle Year",
  "vin",
  "price",
  "price_shown",
  "vehicle_status",
  "Rego",
  "condition",
  "expected_price",
  "odometer",
  "km",
  "kms",
  "badge",
  "series",
  "body",
  "transmission",
  "colour",
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
  "lead_id",
  "event_id",
  "terms",
  "honeypot",
]);

function answerText(value: LeadValue): string {
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (Array.isArray(value)) return value.map(String).join(", ");
  if (value !== null && typeof value === "object") return "";
  return str(value);
}

/** Message first, then the enquiry type, then the form's other answers, one per line. */
function customerComments(lead: Lead): string {
  const lines = [str(lead.message)];
  lines.push(`Enquiry: ${[str(lead.category), str(lead.subcategory)].filter(Boolean).join(" / ")}`);
  for (const [key, value] of Object.entries(lead)) {
    if (NOT_ANSWERS.has(key)) continue;
    const text = answerText(value);
    if (text !== "") lines.push(`${key}: ${text}`);
  }
  return lines.filter(Boolean).join("\n");
}

function customer(lead: Lead, tenant: Tenant): string {
  const names = nameParts(lead)
    .map(({ part, value }) => required("name", value, ` part="${part}"`))
    .join("");
  const phone = str(lead.phone);
  const { e164, mobile } = phoneDetails(phone, tenant.site.locale);
  const email = str(lead.email);
  const postcode = str(lead.postcode);
  // The DTD needs an email or a phone; every form asks for one, an empty email keeps odd API leads valid.
  const reach =
    [element("email", email), element("phone", e164 ?? phone, ` type="${mobile ? "cellphone" : "voice"}"`)].join("") ||
    required("email", "");
  // <address> needs a <street>; the forms ask only for the postcode, so the street stays empty.
  const address = postcode
    ? `<address><street line="1"></street>${required("postalcode", postcode)}<country>${COUNTRY[tenant.site.locale] ?? "AU"}</country></address>`
    : "";
  return `<customer><contact>${names}${reach}${address}</contact>${element("comments", customerComments(lead))}</customer>`;
}

function vendor(lead: Lead, tenant: Tenant): string {
  const { site } = tenant;
  const location = site.locations.find((l) => l.id === lead.location_id) ?? site.locations.find((l) => l.primary) ?? site.locations[0];
  const email = location?.contact_detail.email ?? site.email ?? "";
  const phone = location?.contact_detail.phone || site.phone || "";
  const reach = [element("email", email), element("phone", phone)].join("") || required("email", "");
  return [
    "<vendor>",
    required("vendorname", site.company_name || site.name),
    element("url", site.url ?? ""),
    `<contact>${required("name", location?.name ?? site.name, ' part="full"')}${reach}</contact>`,
    "</vendor>",
  ].join("");
}

/**
 * One <prospect> of ADF 1.0 (docs/operations.md "Leads in ADF 1.0"); validated against the DTD in
 * tests. A lead without a car still carries the one <vehicle> the DTD requires: empty year, make
 * and model, and a comment saying no vehicle was chosen.
 */
export function prospectXml(lead: Lead, tenant: Tenant, meta: LeadMeta): string {
  const vehicles = [carOfInterest(lead, tenant), ownCar(lead, tenant)].filter((v): v is string => v !== null);
  if (vehicles.length === 0) {
    vehicles.push(
      '<vehicle interest="buy" status="new"><year></year><make></make><model></model><comments>No vehicle chosen</comments></vehicle>',
    );
  }
  return [
    '<prospect status="new">',
    `<id sequence="1" source="Forecourt">${xmlEscape(meta.id)}</id>`,
    `<requestdate>${adfDate(meta.createdAt)}</requestdate>`,
    ...vehicles,
    customer(lead, tenant),
    vendor(lead, tenant),
    '<provider><name part="full">Forecourt</name></provider>',
    "</prospect>",
  ].join("");
}

/** An ADF 1.0 document with one prospect per lead. */
export function adfDocument(prospects: readonly string[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<?adf version="1.0"?>\n<adf>${prospects.join("")}</adf>`;
}

export function toAdf(lead: Lead, tenant: Tenant, meta: LeadMeta): string {
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
