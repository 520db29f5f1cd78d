import { distanceInUnit } from "~/server/lib/format";
import { localiseText } from "~/server/lib/spelling";
import { REGISTRATION_LABEL } from "~/server/stock/registration";
import type { Site } from "~/server/tenants/schema";
import { CATEGORIES } from "~/server/leads/events";
import type { Lead } from "~/server/leads/lead-object";
import { attributes, optional, required, text } from "./adf-xml";

/** The lead fields the <vehicle> elements carry; the customer comments leave them out. */
export const CAR_OF_INTEREST_FIELDS = [
  "car_id",
  "car_type",
  "stock_number",
  "Vehicle Year",
  "Vehicle Make",
  "Vehicle Model",
  "vin",
  "vehicle_badge",
  "vehicle_series",
  "vehicle_km",
  "vehicle_body",
  "vehicle_transmission",
  "vehicle_colour",
  "vehicle_registration",
  "price_shown",
  "price_text",
  "vehicle_status",
] as const;

export const OWN_VEHICLE_FIELDS = [
  "Vehicle Year",
  "Vehicle Make",
  "Vehicle Model",
  "odometer",
  "Rego",
  "rego_state",
  "condition",
  "service_history",
  "expected_price",
] as const;

/** Trade-in and sell-my-car leads describe the visitor's own car in Vehicle Make/Model/Year. */
export function ownVehicleInterest(lead: Lead): "trade-in" | "sell" | null {
  if (lead.category === CATEGORIES.tradeIn) return "trade-in";
  if (lead.category === CATEGORIES.sellMyCar) return "sell";
  return null;
}

/** A stock car's price is a raw number, even 0 for 'Enquire for price.'; only a typed budget (no car_id) is an answer. */
export function vehicleFieldsOf(lead: Lead): readonly string[] {
  const own = ownVehicleInterest(lead) !== null;
  const fields: string[] = own
    ? [...OWN_VEHICLE_FIELDS, ...CAR_OF_INTEREST_FIELDS.filter((f) => !f.startsWith("Vehicle "))]
    : [...CAR_OF_INTEREST_FIELDS];
  if (text(lead.car_id) !== "") fields.push("price");
  return fields;
}

// spec 001 §2: demo cars are sold as used cars (registered, driven), so ADF says used (documented in operations.md).
function statusOf(carType: string): "new" | "used" | undefined {
  if (carType === "new") return "new";
  if (carType === "used" || carType === "demo") return "used";
  return undefined;
}

function interestOf(lead: Lead): "buy" | "test-drive" {
  return lead.category === CATEGORIES.testDrive ? "test-drive" : "buy";
}

function wholeNumber(value: string): string {
  return /^\d+(\.\d+)?$/.test(value) ? String(Math.round(Number(value))) : "";
}

function odometer(value: string, site: Pick<Site, "distance_unit">): string {
  return value === "" ? "" : optional("odometer", value, { units: site.distance_unit });
}

function vehicle(attrs: Record<string, string | undefined>, children: string[]): string {
  return `<vehicle${attributes(attrs)}>${children.join("")}</vehicle>`;
}

function hasCarOfInterest(lead: Lead, own: boolean): boolean {
  const identifiers = ["car_id", "stock_number", "vin"].some((key) => text(lead[key]) !== "");
  return identifiers || (!own && ["Vehicle Make", "Vehicle Model"].some((key) => text(lead[key]) !== ""));
}

/** The car the shopper asked about: from our stock record (car_id) or, in the finance flow, as typed. */
function carOfInterest(lead: Lead, site: Site, own: boolean): string {
  const km = text(lead.vehicle_km);
  const trim = [text(lead.vehicle_badge), text(lead.vehicle_series)].filter(Boolean).join(" ");
  const colour = text(lead.vehicle_colour);
  const registration = text(lead.vehicle_registration);
  const shown = typeof lead.price_shown === "number" && lead.price_shown > 0 ? String(lead.price_shown) : "";
  return vehicle({ interest: interestOf(lead), status: statusOf(text(lead.car_type)) }, [
    optional("id", text(lead.car_id), { sequence: "1", source: "Forecourt" }),
    required("year", own ? "" : text(lead["Vehicle Year"])),
    required("make", own ? "" : text(lead["Vehicle Make"])),
    required("model", own ? "" : text(lead["Vehicle Model"])),
    optional("vin", text(lead.vin)),
    optional("stock", text(lead.stock_number)),
    optional("trim", trim),
    optional("bodystyle", text(lead.vehicle_body)),
    optional("transmission", text(lead.vehicle_transmission)),
    km === "" ? "" : odometer(String(distanceInUnit(Number(km), site.distance_unit)), site),
    colour === "" ? "" : `<colorcombination>${required("exteriorcolor", colour)}${required("preference", "1")}</colorcombination>`,
    shown === "" ? "" : required("price", shown, { type: "asking", currency: site.currency }),
    shown === "" ? optional("pricecomments", text(lead.price_text)) : "",
    registration === "" ? "" : optional("comments", `${localiseText(REGISTRATION_LABEL, site.locale)}: ${registration}`),
  ]);
}

/** The visitor's own car (trade-in or sell): odometer as typed in the site's unit; rego and condition in comments. */
function ownVehicle(lead: Lead, site: Site, interest: "trade-in" | "sell"): string {
  const rego = [text(lead.Rego), text(lead.rego_state)].filter(Boolean).join(" ");
  const notes = [
    rego && `Rego: ${rego}`,
    text(lead.condition) && `Condition: ${text(lead.condition)}`,
    text(lead.service_history) && `Service history: ${text(lead.service_history)}`,
    text(lead.expected_price) && `Expected price: ${text(lead.expected_price)}`,
  ].filter(Boolean);
  return vehicle({ interest, status: "used" }, [
    required("year", text(lead["Vehicle Year"])),
    required("make", text(lead["Vehicle Make"])),
    required("model", text(lead["Vehicle Model"])),
    odometer(wholeNumber(text(lead.odometer)), site),
    optional("comments", notes.join("; ")),
  ]);
}

/**
 * The prospect's <vehicle> elements (the DTD needs at least one, each with year, make and model).
 * An enquiry about no car gets one vehicle with empty year, make and model: the honest "none named",
 * rather than a make the shopper never chose (documented in operations.md).
 */
export function vehiclesXml(lead: Lead, site: Site): string {
  const interest = ownVehicleInterest(lead);
  const own = interest !== null;
  const out: string[] = [];
  if (hasCarOfInterest(lead, own)) out.push(carOfInterest(lead, site, own));
  if (interest) out.push(ownVehicle(lead, site, interest));
  if (out.length === 0) out.push(vehicle({}, [required("year", ""), required("make", ""), required("model", "")]));
  return out.join("");
}
