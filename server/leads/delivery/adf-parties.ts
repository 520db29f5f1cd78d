import type { Site } from "~/server/tenants/schema";
import type { Lead } from "~/server/leads/lead-object";
import { splitFullName } from "~/server/leads/name-parts";
import { isMobileNumber } from "~/server/leads/phone";
import { optional, required, text } from "./adf-xml";

/** The lead fields the customer <contact> carries; the customer comments leave them out. */
export const CONTACT_FIELDS = ["name", "first_name", "last_name", "email", "phone", "phone_e164", "postcode"] as const;

const COUNTRY_OF_LOCALE: Record<Site["locale"], string> = { "en-AU": "AU", "en-NZ": "NZ", "en-US": "US" };

/** First and last name parts; a single Name field splits at its last word, one word is part="full". */
function names(lead: Lead): string {
  const first = text(lead.first_name) || text(lead.name);
  const last = text(lead.last_name);
  if (last !== "") return required("name", first, { part: "first" }) + required("name", last, { part: "last" });
  const parts = splitFullName(first);
  if (parts.kind === "full") return required("name", parts.full, { part: "full" });
  return required("name", parts.first, { part: "first" }) + required("name", parts.last, { part: "last" });
}

/** E.164 when known (what a dealer dials), else the number as entered; cellphone for mobile numbers. */
function phone(lead: Lead): string {
  const e164 = text(lead.phone_e164);
  const value = e164 || text(lead.phone);
  if (value === "") return "";
  return required("phone", value, { type: e164 !== "" && isMobileNumber(e164) ? "cellphone" : "voice" });
}

/**
 * The customer's contact. The DTD needs a name and an email or phone: an incomplete multi-step lead
 * saved before the contact step has neither, so it gets an empty <email/> (documented). A postcode
 * goes in <address>, whose DTD needs a <street>: an empty one, as the shopper gave no street.
 */
export function customerContactXml(lead: Lead, site: Site): string {
  const email = optional("email", text(lead.email));
  const phones = phone(lead);
  const postcode = text(lead.postcode);
  const address =
    postcode === ""
      ? ""
      : `<address>${required("street", "", { line: "1" })}${required("postalcode", postcode)}${required("country", COUNTRY_OF_LOCALE[site.locale])}</address>`;
  return `<contact>${names(lead)}${email === "" && phones === "" ? required("email", "") : email}${phones}${address}</contact>`;
}

function chosenLocation(lead: Lead, site: Site) {
  return (
    site.locations.find((location) => location.id === lead.location_id) ??
    site.locations.find((location) => location.primary) ??
    site.locations[0]
  );
}

/** The dealership (chosen dealership, else the company) and the chosen location's name and contact details. */
export function vendorXml(lead: Lead, site: Site): string {
  const location = chosenLocation(lead, site);
  const dealership = site.dealerships.length > 1 ? site.dealerships.find((d) => d.slug === lead.dealership_slug) : undefined;
  const { address } = location;
  const phoneNumber = location.contact_detail.phone || location.contact_detail.landline_phone || site.phone;
  const email = location.contact_detail.email ?? site.email ?? "";
  const contact = [
    required("name", location.name, { part: "full", type: "business" }),
    optional("email", email),
    email === "" || phoneNumber !== "" ? required("phone", phoneNumber, { type: "voice" }) : "",
    address.street === ""
      ? ""
      : `<address>${required("street", address.street, { line: "1" })}${optional("city", address.city)}${optional("regioncode", address.state)}${optional("postalcode", address.postcode)}${required("country", COUNTRY_OF_LOCALE[site.locale])}</address>`,
  ].join("");
  return `<vendor>${required("vendorname", dealership?.name ?? (site.company_name || site.name))}${optional("url", site.url)}<contact>${contact}</contact></vendor>`;
}
